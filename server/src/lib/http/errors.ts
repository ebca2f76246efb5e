import { type ErrorBody, type ErrorCode, statusOfRefusal } from "@workshift/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/**
 * A refusal the client is meant to see, in the one error shape. Its status is
 * the code's, from the contracts' catalogue, so one kind of refusal always
 * answers the same status.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of the body, beside error/code/fields (e.g. the current shift of a 409); the route's schema must name it. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = statusOfRefusal(code);
  }
}

/** A refusal by its code; `fields` maps request fields to message keys, `extra` adds to the body. */
export function refuse(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
): AppError {
  return new AppError(code, message, fields, extra);
}

export const notFound = (what = "Not found") => new AppError("not_found", what);

/** 403: the caller may not do this (the access table says so). */
export const forbidden = (why = "You do not have permission to do this") => new AppError("forbidden", why);

const codeByStatus: Record<number, ErrorCode> = {
  400: "validation_failed",
  403: "forbidden",
  404: "not_found",
  429: "rate_limited",
};

/**
 * Every failure leaves as `{ error, code, fields? }`. Validation issues carry
 * the field path and the schema's message (a translation key where the
 * contract gives one); unexpected errors are logged and answered without
 * detail.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { error: "Internal server error", code: "internal" };

    if (error instanceof AppError) {
      status = error.status;
      body = {
        ...error.extra,
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        fields[key || "_"] ??= issue.message ?? "invalid";
      }
      body = { error: "The request is not valid", code: "validation_failed", fields };
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: error.message, code: codeByStatus[status] ?? "validation_failed" };
    }

    if (status >= 500) request.log.error({ err: error }, "request failed");
    return reply.status(status).send(body);
  });
}
