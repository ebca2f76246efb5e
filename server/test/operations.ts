import http from "node:http";
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

/**
 * One call as `token` (an empty JSON body where one is expected): its status and code. A live stream is closed as
 * soon as it answers. Each call has a connection of its own (node:http, no agent), closed after it: fetch's pool
 * opens spare connections while a stream holds one, and a server cannot close a connection that never carried a
 * request as idle, so stopping the test server would wait for them.
 */
export function callOperation(
  server: TestServer,
  operation: Operation,
  token: string,
): Promise<{ status: number; code?: string }> {
  const url = server.url + operation.path.replace(/\{[^}]+\}/g, ANY_ID);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: operation.method,
        headers: {
          ...bearer(token),
          ...(operation.hasBody ? { "content-type": "application/json", "content-length": "2" } : {}),
        },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const type = response.headers["content-type"] ?? "";
        response.on("error", () => undefined); // destroyed on purpose below
        if (type.includes("text/event-stream")) {
          request.destroy();
          resolve({ status });
          return;
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status, code: type.includes("json") ? JSON.parse(text).code : undefined }));
      },
    );
    request.on("error", reject);
    request.end(operation.hasBody ? "{}" : undefined);
  });
}
