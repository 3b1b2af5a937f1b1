import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { SerializedSqliteAdapterFactory } from "./sqlite-adapter";
import { sqliteBusyTimeoutMs, sqliteSynchronous } from "./sqlite-settings";
import { APPLICATION_NAME, databaseUrl, providerOf, sqliteFilePath, type Provider } from "./url";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * What lib/db/raw.ts runs the hot path on: the very connection (SQLite, behind
 * the adapter's lock) or pool (PostgreSQL) that Prisma uses.
 */
export type Driver = { provider: "sqlite"; adapter: SerializedSqliteAdapterFactory } | { provider: "postgresql"; pool: pg.Pool };

/** A client for `url`; the app has one (`db` below), tests that need a second database open it here. */
export function openDatabase(url: string): { db: Db; driver: Driver } {
  if (providerOf(url) === "postgresql") {
    // allowExitOnIdle: a CLI that is done does not wait for idle connections
    // to time out (PrismaPg does not end a pool it was given).
    const pool = new pg.Pool({ connectionString: url, fallback_application_name: APPLICATION_NAME.app, allowExitOnIdle: true });
    // An idle client whose connection drops must not crash the process (PrismaPg listens too, once connected).
    pool.on("error", () => {});
    // Both clients come from one data model (prisma/postgres/schema.prisma is
    // derived from prisma/schema.prisma), so they share one API.
    const db = new PostgresClient({ adapter: new PrismaPg(pool) }) as unknown as Db;
    return { db, driver: { provider: "postgresql", pool } };
  }
  // One serialized writer per process, BEGIN IMMEDIATE: see sqlite-adapter.ts (prisma/prisma#29933).
  const adapter = new SerializedSqliteAdapterFactory({
    file: sqliteFilePath(url),
    busyTimeoutMs: sqliteBusyTimeoutMs(),
    synchronous: sqliteSynchronous(),
  });
  return { db: new PrismaClient({ adapter }), driver: { provider: "sqlite", adapter } };
}

const globalForDb = globalThis as unknown as { formloomDatabase?: { db: Db; driver: Driver } };
const database = globalForDb.formloomDatabase ?? openDatabase(databaseUrl());
if (process.env.NODE_ENV !== "production") globalForDb.formloomDatabase = database;

/** The one Prisma client, cached across hot reloads in development. */
export const db: Db = database.db;
export const driver: Driver = database.driver;

export const provider: Provider = providerOf(databaseUrl());
