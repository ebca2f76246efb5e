import type { FastifyServerOptions } from "fastify";
import { redactLogLine, serializeRequest } from "./log-redaction.ts";

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The server's logger: pino's JSON lines, each redacted as a whole just before it is written
 * (log-redaction.ts), whoever logged it and however, in every environment.
 */
export function loggerOptions(level: string, stream?: LogStream): NonNullable<FastifyServerOptions["logger"]> {
  return {
    level,
    serializers: { req: serializeRequest },
    hooks: { streamWrite: redactLogLine },
    ...(stream ? { stream } : {}),
  };
}
