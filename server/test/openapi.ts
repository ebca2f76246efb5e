import type { TestServer } from "./server.ts";

/** The part of JSON Schema (OpenAPI 3.0 flavour) the API document's request schemas use. */
export interface JsonSchema {
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  /** Set by the contracts' typedText: the field is free text, read by the one text rule. */
  "x-text"?: "single-line" | "multi-line";
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the API document, with what it takes. */
export interface Operation {
  method: string;
  path: string;
  access: string | undefined;
  body: JsonSchema | undefined;
  parameters: Parameter[];
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        "x-access"?: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of /api/docs/json, the document built from the routes' own schemas. */
export async function apiOperations(server: TestServer): Promise<Operation[]> {
  const document = (await server.request("/api/docs/json")).json<Document>();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: operation["x-access"],
      body: operation.requestBody?.content["application/json"]?.schema,
      parameters: operation.parameters ?? [],
    })),
  );
}

export const operationName = (operation: Operation) => `${operation.method} ${operation.path}`;
