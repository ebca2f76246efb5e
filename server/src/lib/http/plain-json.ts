/**
 * A route's serializer that writes its answer as JSON without the zod pass.
 * The app's serializer (fastify-type-provider-zod) checks and re-encodes every
 * field against the response schema: for a big answer that is most of the
 * request's time (a board's week of 3,000 shifts: about 40 ms, ten times
 * JSON.stringify). Only for answers built field by field from typed code (no
 * row spread into them, so nothing undocumented can slip out); the schema
 * still documents the route, and its API tests check answers against it.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
