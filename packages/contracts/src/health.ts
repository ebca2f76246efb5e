import { z } from "zod";

/** Liveness: the process answers and reaches its database. */
export const healthOkSchema = z.object({ status: z.literal("ok") });
export const healthDownSchema = z.object({
  status: z.literal("unavailable"),
  error: z.string(),
  code: z.literal("database_unavailable"),
});

export type HealthOk = z.infer<typeof healthOkSchema>;

/** Why a server is not ready for traffic (each a 503 refusal of the catalogue). */
export const readinessDownCodes = ["database_unavailable", "migrations_pending", "shutting_down"] as const;
export type ReadinessDownCode = (typeof readinessDownCodes)[number];

/** Readiness: the database answers, every migration is applied, and the server is not stopping. */
export const readyOkSchema = z.object({ status: z.literal("ready") });
export const readyDownSchema = z.object({
  status: z.literal("unavailable"),
  error: z.string(),
  code: z.enum(readinessDownCodes),
});

export type ReadyOk = z.infer<typeof readyOkSchema>;
export type ReadyDown = z.infer<typeof readyDownSchema>;
