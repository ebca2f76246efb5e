import { baseUrl } from "./browser.ts";

interface Message {
  to: string;
  code: string | null;
  body: string;
}

/** The newest code the server sent to `to` ("+961…" or an email), as a developer reads it from the dev outbox. */
export async function latestCode(to: string, after?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Message[] };
    const code = messages[0]?.code;
    if (code && code !== after) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new code for ${to}`);
}

/** A Lebanese mobile number no other test uses: national digits and the international form. */
export function newLebanesePhone(): { national: string; international: string } {
  const rest = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return { national: `71${rest}`, international: `+96171${rest}` };
}

/** The path of the newest invitation link the server sent to `to` ("/account/activate/…"), as the invitee reads it. */
export async function latestInvitationLink(to: string, after?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Message[] };
    const link = messages.map((message) => message.body.match(/\/account\/activate\/[\w-]+/)?.[0]).find(Boolean);
    if (link && link !== after) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation link for ${to}`);
}
