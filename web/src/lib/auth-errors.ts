import { publicPaths } from "@workshift/contracts";

/**
 * The error texts of spec §4 and §8, word for word. They are the messages of
 * thrown Errors (for logs and callers); what a person sees comes from the
 * translation files.
 */
export const authErrorMessages = {
  network: "Network error: Please check your internet connection.",
  noRefreshToken: "No refresh token available",
  invalidRefreshResponse: "Invalid refresh response - missing tokens",
  tooManyRefreshFailures: "Authentication failed after multiple attempts",
  loginFailed: "Login failed. Please check your credentials.",
  missingUser: "Failed to fetch user data",
} as const;

/** Where a failed request with no answer sends the page (spec §8), or null to stay. */
export function networkFailureRedirect(pathname: string): string | null {
  return pathname === publicPaths.signin || pathname === publicPaths.signup ? null : publicPaths.signin;
}

const sessionEndedMessages: readonly string[] = [
  authErrorMessages.noRefreshToken,
  authErrorMessages.invalidRefreshResponse,
  authErrorMessages.tooManyRefreshFailures,
];

/** The session is over (refused, or its refresh failed): show sign-in rather than an error. */
export function isSessionEnded(status: number | undefined, error: unknown): boolean {
  if (status === 401 || status === 403) return true;
  return error instanceof Error && sessionEndedMessages.includes(error.message);
}
