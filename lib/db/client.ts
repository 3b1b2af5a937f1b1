import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { SerializedSqliteAdapterFactory } from "./sqlite-adapter";
import { databaseUrl, providerOf, sqliteFilePath, type Provider } from "./url";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * How long a SQLite writer waits for another process's lock (an admin CLI, a
 * backup) before SQLITE_BUSY; SQLITE_BUSY_TIMEOUT_MS overrides it. better-sqlite3
 * waits synchronously, so this is also how long such a lock can stall the server.
 */
function sqliteBusyTimeoutMs(): number {
  const value = Number(process.env.SQLITE_BUSY_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(value) || value < 0) throw new Error("SQLITE_BUSY_TIMEOUT_MS must be a whole number of milliseconds");
  return value;
}

/**
 * SQLite durability: WAL + synchronous=NORMAL by default. A commit's WAL frames
 * are written to the OS before the commit returns, so an acknowledged write
 * survives a crash or kill -9 of the process; only a power loss or kernel crash
 * can drop the last commits (never corrupt the file). SQLITE_SYNCHRONOUS=FULL
 * also fsyncs every commit (survives power loss; ~0.25 ms per commit here,
 * blocking the event loop).
 */
function sqliteSynchronous(): "NORMAL" | "FULL" {
  const value = (process.env.SQLITE_SYNCHRONOUS || "NORMAL").toUpperCase();
  if (value !== "NORMAL" && value !== "FULL") throw new Error(`SQLITE_SYNCHRONOUS must be NORMAL or FULL (got "${value}")`);
  return value;
}

function createClient(url: string): Db {
  if (providerOf(url) === "postgresql") {
    // Both clients come from one data model (prisma/postgres/schema.prisma is
    // derived from prisma/schema.prisma), so they share one API.
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db;
  }
  // One serialized writer per process, BEGIN IMMEDIATE: see sqlite-adapter.ts (prisma/prisma#29933).
  const adapter = new SerializedSqliteAdapterFactory({
    file: sqliteFilePath(url),
    busyTimeoutMs: sqliteBusyTimeoutMs(),
    synchronous: sqliteSynchronous(),
  });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { formloomDb?: Db };

/** The one Prisma client, cached across hot reloads in development. */
export const db: Db = globalForDb.formloomDb ?? createClient(databaseUrl());
if (process.env.NODE_ENV !== "production") globalForDb.formloomDb = db;

export const provider: Provider = providerOf(databaseUrl());
