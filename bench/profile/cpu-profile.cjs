// Preloaded into the server by week-profile.mjs (NODE_OPTIONS=--require, where
// --cpu-prof is not allowed): profiles the whole process and writes
// <CPU_PROFILE_DIR>/server.cpuprofile as it exits. An in-thread inspector
// session answers synchronously, so the profile is written inside 'exit'.
const { Session } = require("node:inspector");
const { writeFileSync } = require("node:fs");
const path = require("node:path");

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");
process.on("exit", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error)
      writeFileSync(path.join(process.env.CPU_PROFILE_DIR, "server.cpuprofile"), JSON.stringify(result.profile));
  });
});
