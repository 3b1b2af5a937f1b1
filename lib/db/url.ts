import path from "node:path";

export type Provider = "sqlite" | "postgresql";

/** The default database: a SQLite file under ./data, so a fresh clone needs no setup. */
export const DEFAULT_DATABASE_URL = "file:./data/formloom.db";

export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

export function providerOf(url: string): Provider {
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: or postgresql:// (got "${url.split(":")[0]}:...")`);
}

/**
 * What PostgreSQL's pg_stat_activity shows for each of our pools (`fallback_application_name`:
 * an `application_name` in DATABASE_URL, or PGAPPNAME, wins): the app's own, and the outbox
 * thread's (lib/outbox/thread-db.ts).
 */
export const APPLICATION_NAME = { app: "formloom", outbox: "formloom-outbox" } as const;

/** Absolute path of a SQLite `file:` URL, resolved against the working directory. */
export function sqliteFilePath(url: string): string {
  const file = url.slice("file:".length).split("?")[0];
  return path.resolve(file);
}
