import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ChildHandle } from "../bench/lib/process.mjs";

const recipe = path.resolve(import.meta.dirname, "../deploy/nginx/workshift.conf");

/**
 * deploy/nginx/workshift.conf as the operations guide gives it, with only
 * what is this test's own replaced: the instances' ports, the two listening
 * ports and the certificate.
 */
export function nginxSite({ instancePorts, httpPort, httpsPort, tls }) {
  let text = fs.readFileSync(recipe, "utf8");
  const upstreams = [...text.matchAll(/^\s*server 127\.0\.0\.1:(\d+) .*;$/gm)];
  if (upstreams.length !== instancePorts.length) {
    throw new Error(
      `deploy/nginx/workshift.conf has ${upstreams.length} instances, the test runs ${instancePorts.length}`,
    );
  }
  upstreams.forEach((match, i) => {
    text = text.replace(match[0], match[0].replace(`:${match[1]}`, `:${instancePorts[i]}`));
  });
  return text
    .replace(/^\s*listen \[::\]:\d+.*\n/gm, "")
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${tls.cert};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${tls.key};`);
}

/** nginx (Debian's) in the foreground with a main configuration of the test's own that includes the site. */
export async function startNginx({ dir, instancePorts, httpPort, httpsPort, tls }) {
  const home = path.join(dir, "nginx");
  fs.mkdirSync(home, { recursive: true, mode: 0o777 });
  fs.chmodSync(home, 0o777);
  const site = path.join(home, "workshift.conf");
  fs.writeFileSync(site, nginxSite({ instancePorts, httpPort, httpsPort, tls }));
  const main = path.join(home, "nginx.conf");
  fs.writeFileSync(
    main,
    `daemon off;
worker_processes 1;
pid ${home}/nginx.pid;
error_log ${home}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${home}/body;
  proxy_temp_path ${home}/proxy;
  include ${site};
}
`,
  );
  const child = new ChildHandle("nginx", "/usr/sbin/nginx", ["-c", main, "-p", home]);
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(path.join(home, "nginx.pid"))) {
    if (!child.running || Date.now() > deadline) {
      throw new Error(`nginx did not start: ${child.describeExit()}`);
    }
    await sleep(50);
  }
  return {
    url: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    child,
    stop: () => child.stop({ signal: "SIGQUIT" }),
  };
}
