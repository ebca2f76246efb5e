import type { DeliveryConfig } from "../config.ts";
import { DeliveryError, displayRecipient, type OutgoingMessage, type Provider } from "./provider.ts";

type TwilioConfig = NonNullable<DeliveryConfig["twilio"]>;

const TIMEOUT_MS = 8_000;

/**
 * SMS through Twilio's REST API: one form-encoded POST per message with basic
 * auth. A 4xx answer (bad number, unverified sender…) refuses this message for
 * good, except 429 (rate limited); 5xx, 429, network errors and timeouts are
 * tried again.
 */
export function twilioProvider(config: TwilioConfig, fetchImpl: typeof fetch = fetch): Provider {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async deliver(message: OutgoingMessage, signal: AbortSignal) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ To: displayRecipient(message), From: config.from, Body: message.body }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
        });
      } catch (error) {
        throw new DeliveryError(`Twilio unreachable: ${(error as Error).message}`, false);
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const detail = await twilioError(response);
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new DeliveryError(`Twilio answered ${response.status}${detail}`, permanent);
    },
  };
}

/** Twilio's JSON error (`{ code, message }`), shortened: it ends up in last_error. */
async function twilioError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    const text = [body.code, body.message].filter((part) => part !== undefined).join(" ");
    return text ? `: ${text.slice(0, 300)}` : "";
  } catch {
    return "";
  }
}
