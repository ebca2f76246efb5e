// The suites `node bench/run.mjs` runs, in this order. To add one, drop a
// module next to this file (see README.md for its shape) and list it here.
import clock from "./clock.mjs";
import health from "./health.mjs";
import requests from "./requests.mjs";
import requests2k from "./requests-2k.mjs";
import scale from "./scale.mjs";
import schedule from "./schedule.mjs";
import schedule2k from "./schedule-2k.mjs";
import scheduleBrowser from "./schedule-browser.mjs";
import start from "./start.mjs";
import tenancy from "./tenancy.mjs";
import timeoff from "./timeoff.mjs";
import timeoff2k from "./timeoff-2k.mjs";
import timesheet from "./timesheet.mjs";
import timesheet2k from "./timesheet-2k.mjs";
import users from "./users.mjs";
import web from "./web.mjs";

export default [
  start,
  health,
  web,
  users,
  schedule,
  schedule2k,
  scheduleBrowser,
  tenancy,
  clock,
  timesheet,
  timesheet2k,
  requests,
  requests2k,
  timeoff,
  timeoff2k,
  scale,
];
