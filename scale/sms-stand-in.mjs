import https from "node:https";

/**
 * Twilio's Messages API on loopback over HTTPS (production allows only https
 * for TWILIO_API_URL): keeps each SMS the instances send, answers as Twilio
 * does. The sign-in codes are read from here.
 */
export async function startSmsStandIn(tls) {
  const messages = [];
  const server = https.createServer({ key: tls.keyPem, cert: tls.pem }, (request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      messages.push({ to: form.To, body: form.Body ?? "", at: Date.now() });
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ sid: `SM${"0".repeat(32)}`, status: "queued" }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}`,
    messages,
    /** The newest code sent to `phone` (+961…), waiting for the outbox worker to send it. */
    async codeFor(phone, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = messages.findLast((m) => m.to === phone && m.at >= after);
        const code = message?.body.match(/\b(\d{4,8})\b/)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code reached ${phone}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
