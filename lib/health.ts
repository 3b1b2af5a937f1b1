import fs from "node:fs";
import { db, provider } from "@/lib/db/client";
import { databaseUrl, sqliteFilePath } from "@/lib/db/url";
import { processProblems } from "@/lib/process-integrity";
import { log } from "@/lib/observability/log";

/**
 * Liveness plus a round trip to the database, for load balancers: 200 only
 * when the database answers a read of a real table (the migrations table, so
 * it is also the migrated database). On SQLite the file must still be there:
 * an open connection keeps working on a deleted or unmounted file, silently
 * writing into nowhere a restart would see. And the process itself must be
 * intact (lib/process-integrity.ts): a polluted Object.prototype fails every
 * JSON request while the database answers.
 */
export async function checkHealth() {
  const started = performance.now();
  const problems = processProblems();
  if (problems.length) {
    log.error(`health: the process is damaged: ${problems.slice(0, 3).join("; ")}`);
    return { ok: false as const, database: provider };
  }
  try {
    if (provider === "sqlite" && !fs.existsSync(sqliteFilePath(databaseUrl()))) throw new Error("the database file is gone");
    await db.$queryRawUnsafe(`SELECT 1 FROM "_prisma_migrations" LIMIT 1`);
    return { ok: true as const, database: provider, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    // No detail in the answer (it is public); the cause goes to the log.
    log.error(`health: the database check failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    return { ok: false as const, database: provider };
  }
}
