import type { FastifyInstance } from "fastify";
import type { Database } from "../lib/db/database.ts";
import { backupFileName, embeddedBackup } from "./embedded-backup.ts";

export interface BackupRouteOptions {
  database: Database;
}

/**
 * GET /backup: the running server's embedded database as a file download
 * (restore it with `npm run db:restore-embedded`). For the operations port
 * only: it hands out every organization's data, so whatever mounts it must
 * guard it. On PostgreSQL there is nothing to serve: pg_dump is the backup.
 */
export function backupRoute(app: FastifyInstance, { database }: BackupRouteOptions): void {
  app.get("/backup", async (_request, reply) => {
    if (database.pglite === null) {
      return reply
        .code(404)
        .send({ error: "This server runs on PostgreSQL; back it up with pg_dump.", code: "not_found" });
    }
    const backup = await embeddedBackup(database);
    return reply
      .header("content-type", "application/gzip")
      .header("content-disposition", `attachment; filename="${backupFileName(new Date())}"`)
      .header("cache-control", "no-store")
      .send(Buffer.from(await backup.arrayBuffer()));
  });
}
