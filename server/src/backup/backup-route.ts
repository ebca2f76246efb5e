import type { FastifyInstance } from "fastify";
import type { Database } from "../lib/db/database.ts";
import { backupFileName, embeddedBackup } from "./embedded-backup.ts";

export interface BackupRouteOptions {
  database: Database;
  /** BACKUP_TOKEN: the download needs it, whatever guards the rest of the operations port. */
  token: string;
}

/**
 * GET /backup: the running server's embedded database as a file download
 * (restore it with `npm run db:restore-embedded`). For the operations port
 * only, behind a token of its own (BACKUP_TOKEN): it hands out every
 * organization's data. On PostgreSQL there is nothing to serve: pg_dump is the backup.
 */
export function backupRoute(app: FastifyInstance, { database, token }: BackupRouteOptions): void {
  app.get("/backup", { config: { opsToken: token } }, async (_request, reply) => {
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
