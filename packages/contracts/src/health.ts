import { z } from "zod";

export const healthOkSchema = z.object({ status: z.literal("ok") });
export const healthDownSchema = z.object({
  status: z.literal("unavailable"),
  error: z.string(),
  code: z.literal("database_unavailable"),
});

export type HealthOk = z.infer<typeof healthOkSchema>;
