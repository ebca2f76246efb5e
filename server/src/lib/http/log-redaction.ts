import type { FastifyRequest } from "fastify";

/**
 * What the logs may keep. Logs leave the database's walls (log shippers, support tickets, a
 * developer's terminal), so they hold no secret and no one's phone, email, name or search:
 * - secrets in a path (invitation, activation and calendar-feed tokens) become "[token]";
 * - query values become "[redacted]" (a phone or email: its masked form), except those of the
 *   parameters below, which never name a person;
 * - phones and emails anywhere in the text are masked ("+96****56", "s****@example.com");
 * - values under a secret key (authorization, cookie, …token, …) become "[redacted]", and under a
 *   personal key (phone, email, names, search) are masked.
 */

/**
 * Paths whose next segment is a secret: holding an invitation link lets one see it and ask for codes;
 * holding a calendar feed URL lets one read that person's shifts.
 */
const SECRET_AFTER = ["/api/invitations/", "/account/activate/", "/api/calendar/"];

/** Query parameters whose values are ids, dates, enums, paging or a language: never a person. */
const PLAIN_QUERY = new Set([
  "board",
  "board_id",
  "job_id",
  "date",
  "month",
  "week",
  "from",
  "include_archived",
  "role",
  "status",
  "sort",
  "page",
  "page_size",
  "version",
  "lng",
  "v",
]);

const REDACTED = "[redacted]";
const MASK = "****";

/** A key whose value is a credential. */
const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|password|secret|otp|signature)$|token$/i;
/** A key whose value names or reaches a person. */
const PERSONAL_KEY = /phone|e-?mail|recipient|destination|^search$|^(first|last|full|display)_?name$/i;

/** An email address, also URL-encoded (%40). */
const EMAIL = /[A-Za-z0-9._%+-]+(@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/**
 * A phone: 8 to 15 digits standing alone (the API's form, or "+" and the digits), or "+" and digits
 * in groups. Digits joined to letters, dashes or a decimal point (ids, versions, dates, UUIDs) are
 * left alone.
 */
const PHONE = /(?<![\w.-])(?:\+\d{1,3}(?:[ .-]?\d){6,14}|\+?\d{8,15})(?![\w-]|\.\d)/g;
/** A path or URL in running text (Fastify's messages quote the URL). */
const PATH_IN_TEXT = /\/[^\s"'<>()]*/g;

function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `${phone.startsWith("+") ? "+" : ""}${digits.slice(0, 2)}${MASK}${digits.slice(-2)}`;
}

function maskEmail(local: string, at: string, domain: string): string {
  return `${local.slice(0, 1)}${MASK}${at}${domain}`;
}

/** Phones and emails in `text` masked; nothing else changed. */
export function maskDestinations(text: string): string {
  return text
    .replace(EMAIL, (email, at: string, domain: string) => maskEmail(email.slice(0, email.indexOf(at)), at, domain))
    .replace(PHONE, maskPhone);
}

/** A whole value that is a destination, masked; anything else said to be there, but not shown. */
function maskValue(value: string): string {
  // Already masked (a line is redacted again as a whole after its request was serialized).
  if (value === REDACTED || value.includes(MASK)) return value;
  const masked = maskDestinations(value);
  return masked !== value ? masked : value === "" ? "" : REDACTED;
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const key = decoded(pair.slice(0, equals));
      const value = pair.slice(equals + 1);
      if (PLAIN_QUERY.has(key)) return pair;
      // "+" in a query is a space, but a phone's "+" arrives as %2B or as a literal "+".
      return `${pair.slice(0, equals)}=${maskValue(decoded(value.replace(/^\+/, "%2B")))}`;
    })
    .join("&");
}

function redactPath(path: string): string {
  for (const prefix of SECRET_AFTER) {
    const start = path.indexOf(prefix);
    if (start === -1) continue;
    const from = start + prefix.length;
    const end = path.slice(from).search(/[/#]/);
    return `${path.slice(0, from)}[token]${end === -1 ? "" : path.slice(from + end)}`;
  }
  return path;
}

/** The URL as logs may keep it: secrets out of the path, personal values out of the query. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  const path = maskDestinations(redactPath(mark === -1 ? url : url.slice(0, mark)));
  return mark === -1 ? path : `${path}?${redactQuery(url.slice(mark + 1))}`;
}

/** Free text as logs may keep it: URLs in it redacted, phones and emails masked. */
export function redactText(text: string): string {
  return maskDestinations(text.replace(PATH_IN_TEXT, redactUrl));
}

/** A logged value, deeply: strings redacted, values under secret or personal keys hidden. */
export function redactLogValue(value: unknown, key = ""): unknown {
  if (SECRET_KEY.test(key) && value !== null && value !== undefined && typeof value !== "boolean") return REDACTED;
  if (typeof value === "string") {
    if (PERSONAL_KEY.test(key)) return maskValue(value);
    return key === "url" ? redactUrl(value) : redactText(value);
  }
  if (typeof value === "number" && PERSONAL_KEY.test(key)) return maskValue(String(value));
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item, key));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[name] = redactLogValue(item, name);
    return out;
  }
  return value;
}

/**
 * One finished log line (pino's JSON) as it may be written. Working on the line rather than on what
 * the caller passed covers every way into it: messages, serialized errors (a database error's
 * `detail` quotes the row), a provider's refusal quoting the number, child-logger bindings.
 */
export function redactLogLine(line: string): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return redactText(line);
  }
  return `${JSON.stringify(redactLogValue(record))}\n`;
}

/** pino's request serializer: method, URL (redacted) and client; never headers or the body. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
