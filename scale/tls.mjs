import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl:
 * nginx serves the app over TLS with it, the SMS stand-in serves Twilio's API
 * with it, and the instances trust it through NODE_EXTRA_CA_CERTS.
 */
export function selfSignedCertificate(dir) {
  const key = path.join(dir, "tls-key.pem");
  const cert = path.join(dir, "tls-cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"],
      ...["-keyout", key, "-out", cert, "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  fs.chmodSync(key, 0o644);
  return { key, cert, pem: fs.readFileSync(cert, "utf8"), keyPem: fs.readFileSync(key, "utf8") };
}
