/**
 * The background work of every app process, started once by instrumentation.ts:
 * the settings check, the SQLite checkpointer, the stored-files sweep, the
 * delivery log's pruning and (unless OUTBOX_WORKER=off) the outbox worker.
 */
export async function startBackgroundWork() {
  // Every setting (lib/settings.ts): a value one does not take stops the start, naming it.
  const { checkSettings, switchOn } = await import("@/lib/settings");
  const { mailSettingProblem } = await import("@/lib/email/config");
  checkSettings(process.env, [mailSettingProblem]);
  // What GET /metrics reads from the database at each scrape (scripts/metrics.mjs), when it is on.
  if (process.env.METRICS_TOKEN?.trim()) {
    const { registerScrapeGauges } = await import("@/lib/observability/metrics");
    const { readScrapeGauges } = await import("@/lib/observability/gauges");
    registerScrapeGauges(readScrapeGauges);
  }
  // SQLite: WAL checkpoints on a thread of their own instead of inside the app's commits (lib/db/checkpointer.ts).
  const { startSqliteCheckpointer } = await import("@/lib/db/checkpointer");
  await startSqliteCheckpointer();
  // Removes expired orphan uploads, never-named assets and files of deleted responses/forms (lib/files/sweep.ts); every instance may run it.
  const { startFileSweeper } = await import("@/lib/files/sweep");
  startFileSweeper();
  // Deletes finished deliveries past DELIVERY_LOG_RETENTION_DAYS (lib/outbox/retention.ts); every instance may run it.
  const { startDeliveryLogPruner } = await import("@/lib/outbox/retention");
  startDeliveryLogPruner();
  if (!switchOn("OUTBOX_WORKER")) return;
  // On a thread of its own when built (lib/outbox/thread.ts), after the checkpointer: it takes the same wal_autocheckpoint.
  const { startOutbox } = await import("@/lib/outbox/thread");
  startOutbox();
}
