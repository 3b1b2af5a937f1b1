import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { databaseUrl, providerOf, sqliteFilePath, type Provider } from "./url";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** How long a SQLite writer waits for another process's lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

function createClient(url: string): Db {
  if (providerOf(url) === "postgresql") {
    // Both clients come from one data model (prisma/postgres/schema.prisma is
    // derived from prisma/schema.prisma), so they share one API.
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db;
  }
  return new PrismaClient({
    adapter: new PrismaBetterSqlite3({ url: `file:${sqliteFilePath(url)}`, timeout: SQLITE_BUSY_TIMEOUT_MS }),
  });
}

const globalForDb = globalThis as unknown as { formloomDb?: Db };

/** The one Prisma client, cached across hot reloads in development. */
export const db: Db = globalForDb.formloomDb ?? createClient(databaseUrl());
if (process.env.NODE_ENV !== "production") globalForDb.formloomDb = db;

export const provider: Provider = providerOf(databaseUrl());
