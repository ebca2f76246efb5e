import path from "node:path";

/**
 * This file sits one folder below server/ both as source (server/src) and once
 * bundled (server/dist), so paths computed here hold in development and in
 * production alike. Keep it at this depth.
 */
export const serverRoot = path.resolve(import.meta.dirname, "..");
export const migrationsDir = path.join(serverRoot, "migrations");
export const defaultWebDist = path.resolve(serverRoot, "../web/dist");
