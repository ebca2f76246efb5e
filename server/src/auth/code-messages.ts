import { enqueueMessage } from "../delivery/outbox.ts";
import { renderMessage } from "../delivery/render.ts";
import { CODE_TTL_MINUTES } from "./limits.ts";
import type { CodeMessenger } from "./messenger.ts";

/**
 * Sign-in codes go out through the delivery outbox: SMS to a phone, email to an address, in the person's language.
 * The outbox row names the code only for the dev outbox (`keepCode`); real deliveries keep it
 * in the body alone, which is cleared once sent. A code message carries the code's expiry: the
 * worker drops it, rather than sending it late, once the code no longer works.
 */
export function codeMessenger(wake: () => void, { keepCode }: { keepCode: boolean }): CodeMessenger {
  return {
    async queue(tx, { destination, code, language, expiresAt, purpose }) {
      const kind = purpose === "email-verification" ? "emailVerification" : "otp";
      const text = renderMessage(kind, language, { code, minutes: CODE_TTL_MINUTES });
      const common = { code: keepCode ? code : null, language, expiresAt: expiresAt ?? null };
      if (destination.kind === "phone") {
        await enqueueMessage(tx, { channel: "sms", to: destination.value, ...text.sms, ...common });
      } else {
        await enqueueMessage(tx, { channel: "email", to: destination.value, ...text.email, ...common });
      }
    },
    wake,
  };
}
