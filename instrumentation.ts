/**
 * Runs once when the Next.js server starts: the outbox worker (webhooks,
 * emails) and the stored-files sweep live in the app process. OUTBOX_WORKER=off starts none (an
 * instance that should only serve requests; its rows are sent by the others).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Removes expired orphan uploads and files of deleted responses/forms (lib/files/lifecycle.ts); every instance may run it.
  const { startFileSweeper } = await import("./lib/files/lifecycle");
  startFileSweeper();
  if (process.env.OUTBOX_WORKER === "off") return;
  const { startOutboxWorker } = await import("./lib/outbox/worker");
  startOutboxWorker();
}
