import { db } from "@/lib/db/client";
import { AppError, isDatabaseUnavailable } from "@/lib/http/errors";
import { log } from "@/lib/observability/log";

/** How long the database may take to answer before the server counts as not ready. */
const DATABASE_TIMEOUT_MS = 2000;

/** The outcome instrumentation.ts leaves once the background work (outbox worker, checkpointer, sweeps) runs. */
function backgroundWorkStarted(): boolean {
  const outcome = (globalThis as Record<symbol, { started?: boolean } | undefined>)[Symbol.for("formloom.background")];
  return outcome?.started === true;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`the database did not answer within ${ms} ms`), { code: "ETIMEDOUT" })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness, for orchestrators that route traffic: the migrations are applied,
 * the background work runs and the database answers a query within a short
 * timeout. Throws the AppError the answer carries otherwise (503).
 */
export async function checkReadiness(): Promise<void> {
  if (!backgroundWorkStarted()) throw new AppError("not_ready", "The server is still starting");
  try {
    await withTimeout(db.$queryRawUnsafe("SELECT 1"), DATABASE_TIMEOUT_MS);
    const [pending] = await withTimeout(
      db.$queryRawUnsafe<{ count: number | bigint }[]>(
        `SELECT COUNT(*) AS count FROM "_prisma_migrations" WHERE "finished_at" IS NULL AND "rolled_back_at" IS NULL`,
      ),
      DATABASE_TIMEOUT_MS,
    );
    if (Number(pending.count) > 0) throw new AppError("not_ready", "Database migrations are still being applied");
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    if (isDatabaseUnavailable(error)) {
      log.warn(`readiness: the database does not answer: ${message}`);
      throw new AppError("database_unavailable", "The database is unavailable");
    }
    // A missing migrations table: not migrated yet.
    log.warn(`readiness: the database check failed: ${message}`);
    throw new AppError("not_ready", "The database is not migrated yet");
  }
}
