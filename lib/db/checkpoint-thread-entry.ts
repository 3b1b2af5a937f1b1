/**
 * The SQLite checkpointer thread's entry (bundled by
 * scripts/build-respondent.ts into .respondent/sqlite-checkpointer.cjs,
 * started by lib/db/checkpointer.ts): every `intervalMs`, a PASSIVE
 * checkpoint on a connection of its own. PASSIVE never waits for a lock and
 * never blocks the app's writer or readers; it copies what it can and the
 * next round goes on from there.
 */
import Database from "better-sqlite3";
import { workerData } from "node:worker_threads";

export interface CheckpointerData {
  file: string;
  intervalMs: number;
}

const { file, intervalMs } = workerData as CheckpointerData;
const connection = new Database(file, { fileMustExist: true });
// As the app's connection sets it (persistent in the file). It also makes this connection read the
// header now: a connection that has only ever checkpointed never notices that the file went over
// to WAL after it opened, and its checkpoints would then do nothing.
connection.pragma("journal_mode = WAL");
let failing = false;

setInterval(() => {
  try {
    connection.pragma("wal_checkpoint(PASSIVE)");
    failing = false;
  } catch (error) {
    // Said once per run of failures, not five times a second.
    if (!failing) console.error("sqlite checkpointer: a checkpoint failed", error);
    failing = true;
  }
}, intervalMs);
