// The baseline for health.rps_ratio: the smallest Fastify app (no logger, one
// route), run in its own process like the real server. Listens on a free
// loopback port, prints "hello-server listening on <port>", stops on SIGTERM/SIGINT.
import Fastify from "fastify";

const app = Fastify();
app.get("/", async () => ({ hello: "world" }));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`hello-server listening on ${app.server.address().port}\n`);
