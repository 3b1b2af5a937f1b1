/**
 * Runs once when the Next.js server starts: the outbox worker (webhooks,
 * emails) lives in the app process. OUTBOX_WORKER=off starts none (an
 * instance that should only serve requests; its rows are sent by the others).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.OUTBOX_WORKER === "off") return;
  const { startOutboxWorker } = await import("./lib/outbox/worker");
  startOutboxWorker();
}
