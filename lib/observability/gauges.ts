/** What a scrape of `GET /metrics` reads from the database and the driver (see ./metrics.ts). */
import { db, driver } from "@/lib/db/client";
import type { ScrapeGauges } from "./metrics";

export async function readScrapeGauges(): Promise<ScrapeGauges> {
  // One statement over the (status, nextAttemptAt) index: the backlog and its oldest row.
  const pending = await db.outboxMessage.aggregate({ where: { status: "pending" }, _count: { _all: true }, _min: { createdAt: true } });
  const oldest = pending._min.createdAt;
  const gauges: ScrapeGauges = {
    outboxPending: pending._count._all,
    outboxOldestPendingSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
  if (driver.provider === "postgresql") {
    const { pool } = driver;
    gauges.pool = { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
  }
  return gauges;
}
