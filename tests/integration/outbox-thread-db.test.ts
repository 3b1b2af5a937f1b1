/**
 * The outbox thread's PostgreSQL connections (lib/outbox/thread-db.ts) plan
 * without sequential scans. Its statements name rows by id lists, prepared
 * once per connection; PostgreSQL may then keep one plan for all runs (a
 * generic plan), made for the table's size at that moment. Made while the
 * outbox was small, it scanned the whole table in every round after it had
 * grown (the bench saw 110 ms a round at 24,000 rows). These tests fail if
 * the thread's connections make such a plan: the same statement, planned
 * generically on a small table, scans it on an ordinary connection and uses
 * the primary key on the thread's.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { provider } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/url";

describe.runIf(provider === "postgresql")("the outbox thread's connections (PostgreSQL)", () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.end();
  });

  /** The scans in the generic plan of an id-list lookup of a small, analyzed copy of the outbox, on one of `pool`'s connections. */
  async function genericPlanScans(pool: pg.Pool): Promise<string[]> {
    const client = await pool.connect();
    try {
      await client.query(`CREATE TEMPORARY TABLE "SmallOutbox" (LIKE "OutboxMessage" INCLUDING ALL)`);
      await client.query(`INSERT INTO "SmallOutbox" ("id", "channel", "event", "payload", "nextAttemptAt", "createdAt")
        SELECT 'msg_' || i, 'webhook', 'response.finished', '{}', now(), now() FROM generate_series(1, 50) AS i`);
      await client.query(`ANALYZE "SmallOutbox"`);
      await client.query(`PREPARE by_ids(TEXT[]) AS SELECT "id" FROM "SmallOutbox" WHERE "id" = ANY($1)`);
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      const { rows } = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) EXECUTE by_ids('{msg_1,msg_2}')`);
      const scans: string[] = [];
      const walk = (node: { "Node Type": string; Plans?: unknown[] }) => {
        if (node["Node Type"].includes("Scan")) scans.push(node["Node Type"]);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk((rows[0]["QUERY PLAN"] as { Plan: { "Node Type": string } }[])[0].Plan);
      return scans;
    } finally {
      // Session state of the test's own making goes with the connection.
      client.release(true);
    }
  }

  it("an ordinary connection's generic plan scans the small table (what the thread's must not do)", async () => {
    const plain = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
    pools.push(plain);
    expect(await genericPlanScans(plain)).toEqual(["Seq Scan"]);
  });

  it("the thread's connections find the ids by the primary key, whatever the table's size when planned", async () => {
    // Imported here: the module opens its pool when loaded, and on SQLite this suite is skipped.
    const { driver } = await import("@/lib/outbox/thread-db");
    if (driver.provider !== "postgresql") throw new Error("expected the PostgreSQL driver");
    pools.push(driver.pool);
    const scans = await genericPlanScans(driver.pool);
    expect(scans).not.toContain("Seq Scan");
    expect(scans.length).toBeGreaterThan(0);
  });
});
