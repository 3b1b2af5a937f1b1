/**
 * The database client of the outbox thread (lib/outbox/thread-entry.ts):
 * scripts/build-respondent.ts bundles this module in place of
 * lib/db/client.ts for that thread alone. Its code talks to the database only
 * through the raw driver (lib/db/raw.ts), here on a connection (SQLite) or a
 * small pool (PostgreSQL) of the thread's own, with the same settings as the
 * app's (lib/db/sqlite-adapter.ts: WAL, busy timeout, synchronous, foreign
 * keys). Prisma's client, its query compiler and the data model are not
 * loaded: the thread costs the process a few MB, where Prisma's client cost ~65 MB.
 *
 * `db` answers only what raw.ts asks of Prisma's client (to connect the SQLite
 * adapter); anything else throws, so code that needs Prisma cannot slip into
 * the thread unnoticed (the build also refuses a bundle that imports it).
 */
import pg from "pg";
import type { Db, Driver } from "@/lib/db/client";
import { SerializedSqliteAdapterFactory } from "@/lib/db/sqlite-adapter";
import { sqliteBusyTimeoutMs, sqliteSynchronous } from "@/lib/db/sqlite-settings";
import { APPLICATION_NAME, databaseUrl, providerOf, sqliteFilePath, type Provider } from "@/lib/db/url";

/** Connections of the thread's pool (PostgreSQL): a claim, a round's lookups and a record at once. */
const POOL_MAX = 4;

/**
 * Run first on each of the pool's connections (PostgreSQL). Every statement of this thread finds
 * its rows by key: ids, a webhook's id, the claim's index. Most are prepared once per connection
 * (prepareOnce, lib/db/raw.ts) and, from their sixth run, PostgreSQL may plan them once for all
 * (a generic plan, which guesses ten ids a list): a plan made while the outbox was still small
 * scans the whole table, and keeps scanning it as the table grows, for the connection's life,
 * until an ANALYZE of the table replaces it (and autovacuum may be off or behind). Seen in
 * `npm run bench`: the round's result statement at 110 ms for 500 rows among 24,000, ~180 µs of
 * the database's CPU a delivery against ~25 µs by primary key, in some runs and not others
 * (it depends on the outbox's size at that sixth run). Plans made with this setting use the keys
 * whatever the tables' sizes; a statement with no usable index still scans (the setting only
 * weighs against a scan, it never forbids one).
 */
const WITHOUT_SEQUENTIAL_SCANS = "SET enable_seqscan = off";

export const provider: Provider = providerOf(databaseUrl());

function createDriver(url: string): { driver: Driver; connect: () => Promise<void> } {
  if (provider === "postgresql") {
    const pool = new pg.Pool({
      connectionString: url, fallback_application_name: APPLICATION_NAME.outbox, max: POOL_MAX, allowExitOnIdle: true,
      // Before the connection is first used; if it fails, so does the connection.
      onConnect: (client) => client.query(WITHOUT_SEQUENTIAL_SCANS),
    });
    // An idle client whose connection drops must not end the thread.
    pool.on("error", () => {});
    return { driver: { provider, pool }, connect: async () => {} };
  }
  const adapter = new SerializedSqliteAdapterFactory({ file: sqliteFilePath(url), busyTimeoutMs: sqliteBusyTimeoutMs(), synchronous: sqliteSynchronous() });
  return { driver: { provider: "sqlite", adapter }, connect: async () => void (await adapter.connect()) };
}

const { driver: created, connect } = createDriver(databaseUrl());
export const driver: Driver = created;

export const db = new Proxy({ $connect: connect } as Record<string | symbol, unknown>, {
  get(target, name) {
    if (Object.hasOwn(target, name)) return target[name];
    throw new Error(`The outbox thread has no Prisma client (db.${String(name)}): use lib/db/raw.ts`);
  },
}) as unknown as Db;
