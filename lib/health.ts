import { db, provider } from "@/lib/db/client";

/** Liveness plus a round trip to the database, for load balancers. */
export async function checkHealth() {
  const started = performance.now();
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return { ok: true as const, database: provider, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { ok: false as const, database: provider };
  }
}
