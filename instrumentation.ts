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
  // An if/else on NEXT_RUNTIME with the import inside it, not an early return: the bundler drops
  // the dead branch, so the Edge build never traces the Node-only modules of the background work.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const outcome = Symbol.for("formloom.background");
    try {
      const { startBackgroundWork } = await import("./lib/background");
      await startBackgroundWork();
      (globalThis as Record<symbol, unknown>)[outcome] = { started: true };
    } catch (error) {
      (globalThis as Record<symbol, unknown>)[outcome] = { error };
      throw error;
    }
  } else {
    // The Edge runtime (proxy.ts) has no background work.
  }
}
