/**
 * Runs once when the Next.js server starts: the SQLite checkpointer, the
 * outbox worker (webhooks, emails), the delivery log's pruning and the
 * stored-files sweep live in the app process. OUTBOX_WORKER=off starts no
 * outbox worker (an instance that should only serve requests; its rows are
 * sent by the others).
 *
 * Next runs register() alongside its own start, only logs an error thrown
 * here (a bad setting, say) and would serve on without the background work:
 * scripts/serve.mjs waits for the outcome left on globalThis and does not
 * listen unless it started.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const outcome = Symbol.for("formloom.background");
  try {
    await startBackgroundWork();
    (globalThis as Record<symbol, unknown>)[outcome] = { started: true };
  } catch (error) {
    (globalThis as Record<symbol, unknown>)[outcome] = { error };
    throw error;
  }
}

async function startBackgroundWork() {
  // Every setting (lib/settings.ts): a value one does not take stops the start, naming it.
  const { checkSettings, switchOn } = await import("./lib/settings");
  checkSettings();
  // SQLite: WAL checkpoints on a thread of their own instead of inside the app's commits (lib/db/checkpointer.ts).
  const { startSqliteCheckpointer } = await import("./lib/db/checkpointer");
  await startSqliteCheckpointer();
  // Removes expired orphan uploads, never-named assets and files of deleted responses/forms (lib/files/sweep.ts); every instance may run it.
  const { startFileSweeper } = await import("./lib/files/sweep");
  startFileSweeper();
  // Deletes finished deliveries past DELIVERY_LOG_RETENTION_DAYS (lib/outbox/retention.ts); every instance may run it.
  const { startDeliveryLogPruner } = await import("./lib/outbox/retention");
  startDeliveryLogPruner();
  if (!switchOn("OUTBOX_WORKER")) return;
  // On a thread of its own when built (lib/outbox/thread.ts), after the checkpointer: it takes the same wal_autocheckpoint.
  const { startOutbox } = await import("./lib/outbox/thread");
  startOutbox();
}
