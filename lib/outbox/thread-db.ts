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

export const provider: Provider = providerOf(databaseUrl());

function createDriver(url: string): { driver: Driver; connect: () => Promise<void> } {
  if (provider === "postgresql") {
    const pool = new pg.Pool({ connectionString: url, fallback_application_name: APPLICATION_NAME.outbox, max: POOL_MAX, allowExitOnIdle: true });
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
