import { type ErrorCode, errorCodes } from "@workshift/contracts";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorCode, apiFieldErrors, httpStatusOf } from "./api-error.ts";
import { authErrorMessages } from "./auth-errors.ts";

/**
 * What went wrong with a request, as its text is chosen: "network" when no
 * answer came, else the API's own code (the contracts' errors.ts). The HTTP
 * status decides transport matters (retry, sign in again), never the words.
 */
export type ProblemCode = "network" | ErrorCode;

/** A screen's own words for some codes ("This person isn't on your team any more." for not_found). */
export type ProblemTexts = Partial<Record<ProblemCode, string>>;

const apiCodes: ReadonlySet<string> = new Set(errorCodes);

/** The API client fails a request that got no answer with the spec's network message (lib/auth-interceptors.ts). */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof Error && error.message === authErrorMessages.network) return true;
  return typeof error === "object" && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** The code of a failed request; an answer without a code the contracts know counts as the server's failure. */
export function problemCodeOf(error: unknown): ProblemCode {
  if (httpStatusOf(error) === undefined) return isNetworkFailure(error) ? "network" : "internal";
  const code = apiErrorCode(error);
  return code !== undefined && apiCodes.has(code) ? (code as ErrorCode) : "internal";
}

/** Failures that are the server's, not the request's: logged, so they can be found. */
export function isServerFailure(code: ProblemCode): boolean {
  return code === "internal" || code === "database_unavailable";
}

/**
 * A code's text: the screen's own words for it, else the "errors" namespace's
 * (`codes.<code>`), else the general one. The namespace is asked for without
 * suspending: a screen that may fail later does not wait for it to render.
 */
export function useCodeText(): (code: ProblemCode, texts?: ProblemTexts) => string {
  const { t, i18n } = useTranslation("errors", { useSuspense: false });
  return useCallback(
    (code, texts = {}) => {
      const own = texts[code];
      if (own !== undefined) return own;
      const key = `codes.${code}` as const;
      return i18n.exists(key, { ns: "errors" }) ? t(key as "codes.internal") : t("codes.internal");
    },
    [t, i18n],
  );
}

export interface ProblemTextOptions {
  /** The screen's own words for some codes. */
  texts?: ProblemTexts;
  /** Logged with the error when the server failed (see isServerFailure). */
  logAs?: string;
}

/**
 * What to say about a failed request, in one sentence: the message of the
 * first field the API names (its `fields` carry keys of the "validation"
 * namespace) when that namespace knows it, else the text of the error's code.
 */
export function useProblemText(): (error: unknown, options?: ProblemTextOptions) => string {
  const codeText = useCodeText();
  const { i18n } = useTranslation("errors", { useSuspense: false });
  return useCallback(
    (error, { texts, logAs } = {}) => {
      const field = Object.values(apiFieldErrors(error))[0];
      if (field && i18n.exists(field, { ns: "validation" })) return i18n.t(field as never, { ns: "validation" });
      const code = problemCodeOf(error);
      if (logAs !== undefined && isServerFailure(code)) console.error(logAs, error);
      return codeText(code, texts);
    },
    [codeText, i18n],
  );
}
