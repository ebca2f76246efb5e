import { QueryClient } from "@tanstack/react-query";
import { httpStatusOf } from "./http-status.ts";

export const MAX_QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
const GC_TIME_MS = 5 * 60_000;

/**
 * Retry network failures and server errors up to 3 times; a 4xx answer will
 * not change by asking again (403 is handled by the token refresh in the API client).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** 1 s, 2 s, 4 s… capped at 30 s. `failureCount` is 0 before the first retry. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: GC_TIME_MS,
      },
    },
  });
}

export const queryClient = createQueryClient();
