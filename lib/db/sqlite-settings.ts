import { choiceSetting, setting } from "@/lib/settings";

/**
 * How long a SQLite writer waits for another process's lock (an admin CLI, a
 * backup, another instance migrating) before SQLITE_BUSY; SQLITE_BUSY_TIMEOUT_MS
 * overrides it. The migrator (lib/db/migrations.ts) waits exactly as long as
 * the app's writer (lib/db/client.ts) does. better-sqlite3 waits
 * synchronously, so this is also how long such a lock can stall the server.
 */
export function sqliteBusyTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  return setting("SQLITE_BUSY_TIMEOUT_MS", env);
}

/**
 * SQLite durability: WAL + synchronous=NORMAL by default. A commit's WAL frames
 * are written to the OS before the commit returns, so an acknowledged write
 * survives a crash or kill -9 of the process; only a power loss or kernel crash
 * can drop the last commits (never corrupt the file). SQLITE_SYNCHRONOUS=FULL
 * also fsyncs every commit (survives power loss; ~0.25 ms per commit here,
 * blocking the event loop).
 */
export function sqliteSynchronous(env: Record<string, string | undefined> = process.env): "NORMAL" | "FULL" {
  return choiceSetting("SQLITE_SYNCHRONOUS", env) as "NORMAL" | "FULL";
}
