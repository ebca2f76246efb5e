import { fallbackLanguage, isLanguage, type Language } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";

/**
 * The language a visitor reads, for messages sent before we know them: the
 * web app's own choice (its cookie), else the browser's Accept-Language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.headers.cookie?.match(/(?:^|;\s*)workshift_lng=([a-z]{2})/)?.[1];
  if (isLanguage(cookie)) return cookie;
  for (const part of (request.headers["accept-language"] ?? "").split(",")) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return fallbackLanguage;
}
