import { decodeWeek, type WeekResponse, type WeekWire, weekWireSchema } from "@workshift/contracts";
import type { TestResponse } from "./server.ts";

/**
 * A week answer read as the web reads it: its wire form (checked against the
 * schema) decoded into the week's objects.
 */
export function weekFrom(response: Pick<TestResponse, "json">): WeekResponse {
  const wire = response.json<WeekWire>();
  weekWireSchema.parse(wire);
  return decodeWeek(wire);
}
