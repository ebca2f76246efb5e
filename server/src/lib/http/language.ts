import { fallbackLanguage, type Language, languageOfTag } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";

/**
 * The language a visitor reads, for messages sent before we know them: the
 * language the page says it shows (`stated`, e.g. a sign-up's `language`), else
 * the web app's own choice (its cookie), else the browser's Accept-Language.
 */
export function requestLanguage(request: FastifyRequest, stated?: string): Language {
  const fromPage = languageOfTag(stated);
  if (fromPage) return fromPage;
  const cookie = languageOfTag(request.headers.cookie?.match(/(?:^|;\s*)workshift_lng=([A-Za-z_-]{2,35})/)?.[1]);
  if (cookie) return cookie;
  for (const part of (request.headers["accept-language"] ?? "").split(",")) {
    const language = languageOfTag(part.split(";")[0]);
    if (language) return language;
  }
  return fallbackLanguage;
}
