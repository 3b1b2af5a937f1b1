/**
 * SQLite checkpoints off the app's thread.
 *
 * In WAL mode every commit appends pages to the WAL, and a checkpoint copies
 * them back into the database file. By default the connection that commits
 * checkpoints itself whenever the WAL passes 1,000 pages: on the one writer,
 * inside a COMMIT, on the event loop, with two fsyncs. Under a submission
 * load that was two thirds of what COMMIT cost the app's thread (npm run
 * bench, docs/performance.md).
 *
 * So the app process runs a thread (checkpoint-thread-entry.ts) that makes a
 * PASSIVE checkpoint on its own connection every CHECKPOINT_INTERVAL_MS, and
 * the app's connection checkpoints only once the WAL passes
 * APP_CHECKPOINT_FRAMES. That fallback is still needed: a PASSIVE checkpoint
 * cannot copy pages that a reader's snapshot still needs, and the WAL starts
 * over from its beginning only when a transaction begins with every page
 * copied, so under steady writes the thread alone could let it grow without
 * end. The app's checkpoint then finds almost everything copied already
 * (its cost is the two fsyncs), and the WAL starts over.
 *
 * Durability is unchanged: a commit is durable when it is in the WAL
 * (lib/db/sqlite-settings.ts); checkpoints only move pages. Without the built
 * thread file (a checkout that never ran `npm run build:respondent`), or when
 * the thread stops, the connection checkpoints itself as SQLite's default.
 */
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { driver } from "./client";
import { setWalAutocheckpoint, SQLITE_DEFAULT_WAL_AUTOCHECKPOINT } from "./sqlite-adapter";
import type { CheckpointerData } from "./checkpoint-thread-entry";
import { errorField, log } from "@/lib/observability/log";

const THREAD_FILE = path.join(process.cwd(), ".respondent", "sqlite-checkpointer.cjs");
const CHECKPOINT_INTERVAL_MS = 200;
/** ~40 MB of WAL at 4 KiB pages: the thread fell behind, or steady writes left it no moment to finish. */
const APP_CHECKPOINT_FRAMES = 10_000;

// On globalThis: Next may load this module more than once; one thread per process.
const globalForCheckpointer = globalThis as unknown as { formloomCheckpointer?: Worker };

/** Starts the thread (SQLite only, once per process) and lets the app's connection checkpoint less often. */
export async function startSqliteCheckpointer(): Promise<void> {
  if (driver.provider !== "sqlite" || globalForCheckpointer.formloomCheckpointer || !fs.existsSync(THREAD_FILE)) return;
  const workerData: CheckpointerData = { file: driver.adapter.file, intervalMs: CHECKPOINT_INTERVAL_MS };
  let worker: Worker;
  try {
    worker = new Worker(/* turbopackIgnore: true */ THREAD_FILE, { workerData });
  } catch (error) {
    log.error({ err: errorField(error) }, "sqlite checkpointer: the thread did not start; the connection checkpoints itself");
    return;
  }
  globalForCheckpointer.formloomCheckpointer = worker;
  // It alone never keeps a process alive.
  worker.unref();
  let stopped = false;
  const fallBack = (why: string) => {
    if (stopped) return;
    stopped = true;
    log.error(`sqlite checkpointer: ${why}; the connection checkpoints itself again`);
    void setWalAutocheckpoint(SQLITE_DEFAULT_WAL_AUTOCHECKPOINT).catch(() => {});
  };
  worker.on("error", (error) => fallBack(`the thread failed (${error.message})`));
  worker.on("exit", (code) => fallBack(`the thread exited (${code})`));
  await setWalAutocheckpoint(APP_CHECKPOINT_FRAMES).catch((error) => log.error({ err: errorField(error) }, "sqlite checkpointer: could not set wal_autocheckpoint"));
}
