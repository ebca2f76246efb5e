import { bearer } from "./auth.ts";
import type { TestServer } from "./server.ts";

/** One operation of the API document, with the access it declares (`x-access`). */
export interface Operation {
  method: string;
  path: string;
  access: string | undefined;
  hasBody: boolean;
}

/** Stands in for every path parameter: a well-formed id that names nothing. */
const ANY_ID = "00000000-0000-4000-8000-000000000000";

/** Every operation of /api/docs/json. */
export async function apiOperations(server: TestServer): Promise<Operation[]> {
  const spec = (await server.request("/api/docs/json")).json<{
    paths: Record<string, Record<string, { "x-access"?: string; requestBody?: unknown }>>;
  }>();
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: operation["x-access"],
      hasBody: operation.requestBody !== undefined,
    })),
  );
}

/** One call as `token` (an empty JSON body where one is expected): its status and code. A live stream is closed as soon as it answers. */
export async function callOperation(
  server: TestServer,
  operation: Operation,
  token: string,
): Promise<{ status: number; code?: string }> {
  const url = server.url + operation.path.replace(/\{[^}]+\}/g, ANY_ID);
  const abort = new AbortController();
  const response = await fetch(url, {
    method: operation.method,
    headers: { ...bearer(token), ...(operation.hasBody ? { "content-type": "application/json" } : {}) },
    body: operation.hasBody ? "{}" : undefined,
    signal: abort.signal,
  });
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    abort.abort();
    return { status: response.status };
  }
  const text = await response.text();
  const code = response.headers.get("content-type")?.includes("json") ? JSON.parse(text).code : undefined;
  return { status: response.status, code };
}
