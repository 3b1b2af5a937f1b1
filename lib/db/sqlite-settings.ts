/**
 * How long a SQLite writer waits for another process's lock (an admin CLI, a
 * backup, another instance migrating) before SQLITE_BUSY; SQLITE_BUSY_TIMEOUT_MS
 * overrides it. The migrator (lib/db/migrations.ts) waits exactly as long as
 * the app's writer (lib/db/client.ts) does.
 */
export function sqliteBusyTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SQLITE_BUSY_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(value) || value < 0) throw new Error("SQLITE_BUSY_TIMEOUT_MS must be a whole number of milliseconds");
  return value;
}
