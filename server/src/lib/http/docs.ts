import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI built from the same zod schemas that validate each route, with each route's access. */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: "Workshift API", version: "1.0.0" },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    // Each operation says who may call it (`x-access`, the route's declared access), and how its
    // answers may be cached when not `no-store` (`x-cache-control`).
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const { access, cacheControl } = input.route.config ?? {};
      const extensions = {
        ...(access === undefined ? {} : { "x-access": access }),
        ...(cacheControl === undefined ? {} : { "x-cache-control": cacheControl }),
      };
      return { ...output, schema: { ...output.schema, ...extensions } };
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
