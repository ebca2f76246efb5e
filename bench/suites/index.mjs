// The suites `node bench/run.mjs` runs, in this order. To add one, drop a
// module next to this file (see README.md for its shape) and list it here.
import clock from "./clock.mjs";
import health from "./health.mjs";
import requests from "./requests.mjs";
import scale from "./scale.mjs";
import schedule from "./schedule.mjs";
import schedule2k from "./schedule-2k.mjs";
import start from "./start.mjs";
import tenancy from "./tenancy.mjs";
import timeoff from "./timeoff.mjs";
import timesheet from "./timesheet.mjs";
import users from "./users.mjs";
import web from "./web.mjs";

export default [start, health, web, users, schedule, schedule2k, tenancy, clock, timesheet, requests, timeoff, scale];
