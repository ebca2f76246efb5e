import { enqueueMessage } from "../delivery/outbox.ts";
import { renderMessage } from "../delivery/render.ts";
import { CODE_TTL_MINUTES } from "./limits.ts";
import type { CodeMessenger } from "./messenger.ts";

/**
 * Sign-in codes go out through the delivery outbox: SMS to a phone, email to an address, in the person's language.
 * The outbox row names the code only for the dev outbox (`keepCode`); real deliveries keep it
 * in the body alone, which is cleared once sent.
 */
export function codeMessenger(wake: () => void, { keepCode }: { keepCode: boolean }): CodeMessenger {
  return {
    async queue(tx, { destination, code, language }) {
      const text = renderMessage("otp", language, { code, minutes: CODE_TTL_MINUTES });
      if (destination.kind === "phone") {
        await enqueueMessage(tx, {
          channel: "sms",
          to: destination.value,
          ...text.sms,
          code: keepCode ? code : null,
          language,
        });
      } else {
        await enqueueMessage(tx, {
          channel: "email",
          to: destination.value,
          ...text.email,
          code: keepCode ? code : null,
          language,
        });
      }
    },
    wake,
  };
}
