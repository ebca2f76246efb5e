import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, RouteOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * When the route's answers are checked against its response schema: "always" (the default),
     * or "tests": written with JSON.stringify, and checked only when the app is built to check
     * every answer (the test server). For big answers whose shape the handler already
     * guarantees, where zod's walk costs more than the rest of the route (uuid patterns, dates).
     */
    answerCheck?: "always" | "tests";
  }
}

type SerializerCompiler = NonNullable<RouteOptions["serializerCompiler"]>;

/** A route's answers as they are: no schema walk. */
const plainJson: SerializerCompiler = () => (data) => JSON.stringify(data);

/**
 * The answer checked by zod as on any route, and also written exactly as the handler made it: a
 * field the schema does not name (which zod would have dropped) fails the answer, since
 * production writes it out.
 */
const strictlyChecked: SerializerCompiler = (route) => {
  const zodSerializer = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data) => {
    const checked = zodSerializer(data);
    const written = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(checked), JSON.parse(written))) {
      throw new Error(`${route.method} ${route.url}: the answer holds more than its schema (or other values)`);
    }
    return written;
  };
};

/**
 * Routes that declare `config: { answerCheck: "tests" }` write their answers with JSON.stringify,
 * unless `checkEveryAnswer` (tests), where zod checks them too, strictly. Person ids are mapped
 * before either (a preSerialization hook), by the same response schema.
 */
export function installAnswerCheck(app: FastifyInstance, { checkEveryAnswer }: { checkEveryAnswer: boolean }): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.config?.answerCheck !== "tests" || route.serializerCompiler !== undefined) return;
    route.serializerCompiler = checkEveryAnswer ? strictlyChecked : plainJson;
  });
}
