import { createHmac } from "node:crypto";

/** One secret (APP_SECRET) in the environment; a separate key per purpose derived from it. */
export interface AuthKeys {
  otp: string;
  refresh: string;
  access: Uint8Array;
  /** The web app's signing key for the verify signature (public by nature: it ships in the client). */
  clientSignature: string;
}

const derive = (secret: string, purpose: string) => createHmac("sha256", secret).update(purpose).digest();

export function deriveKeys(appSecret: string, clientSignatureKey: string): AuthKeys {
  return {
    otp: derive(appSecret, "workshift/otp").toString("hex"),
    refresh: derive(appSecret, "workshift/refresh").toString("hex"),
    access: new Uint8Array(derive(appSecret, "workshift/access-token")),
    clientSignature: clientSignatureKey,
  };
}
