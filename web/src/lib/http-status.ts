/**
 * The HTTP status of a failed request, if it got a response. Reads the shape
 * axios errors have (`error.response.status`) without importing axios, so the
 * query client stays out of the axios chunk.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("response" in error)) return undefined;
  const { response } = error;
  if (typeof response !== "object" || response === null || !("status" in response)) return undefined;
  return typeof response.status === "number" ? response.status : undefined;
}
