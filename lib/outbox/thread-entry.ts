/**
 * The outbox thread's entry (bundled by scripts/build-respondent.ts into
 * .respondent/outbox-worker.mjs, started by lib/outbox/thread.ts): the outbox
 * worker (lib/outbox/worker.ts) for the webhook channel, on an event loop and
 * a database connection of its own, so that claiming, preparing bodies,
 * signing, sending and recording results cost the app's thread nothing. The
 * app's thread only writes the rows (in the events' own transactions) and
 * wakes this one.
 *
 * It is the same code as the app's thread runs when this thread cannot start:
 * claims and results are fenced rows in the database, so this thread is to the
 * database one more claimer, like another instance. Its database client is
 * lib/outbox/thread-db.ts (the raw driver, no Prisma); its POSTs go out from
 * this event loop (lib/webhooks/post-thread.ts sends in-process off the main
 * thread).
 */
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { driver } from "@/lib/db/client";
import { setWalAutocheckpoint } from "@/lib/db/sqlite-adapter";
import { setMetricsSink, type DeliveryResult } from "@/lib/observability/metrics";
import { webhookSender } from "@/lib/webhooks/sender";
import type { ClaimedMessage } from "./claim";
import { startOutboxWorker, stopOutboxWorker, takeClaimed, wakeOutboxWorker } from "./worker";
import { errorField, log } from "@/lib/observability/log";

export interface OutboxThreadData {
  /** The app's wal_autocheckpoint (SQLite): this connection's commits checkpoint no sooner than the app's. */
  walAutocheckpoint: number;
  /** This thread's nice value (lib/outbox/thread.ts outboxThreadNice). */
  nice: number;
}

export type ToOutboxThread =
  | { type: "wake"; delayMs: number }
  /** Rows the app's thread wrote claimed, committed (lib/outbox/enqueue.ts). */
  | { type: "take"; messages: ClaimedMessage[] }
  | { type: "stop"; graceMs: number };
export type FromOutboxThread =
  | { type: "started" }
  /** The worker stopped or started again taking rows written claimed (lib/outbox/worker.ts HandOffGate). */
  | { type: "hand-off"; accepting: boolean }
  | { type: "stopped" }
  /** Recorded attempts, for the app thread's metrics (lib/observability/metrics.ts). */
  | { type: "deliveries"; channel: string; result: DeliveryResult; count: number };

const port = parentPort!;
const { walAutocheckpoint, nice } = workerData as OutboxThreadData;

/**
 * Lowers this thread's CPU priority. Linux only: there a nice value belongs to
 * a thread, and setpriority() of "0" is the calling thread's; elsewhere it is
 * the whole process's, the app's thread included. A thread started from here
 * would inherit it; none is (libuv's pool is the process's, up before this
 * thread: tests/integration/webhooks-thread.test.ts finds one thread niced).
 */
function lowerPriority() {
  if (nice <= 0 || process.platform !== "linux") return;
  try {
    os.setPriority(nice);
  } catch (error) {
    log.error({ err: errorField(error) }, `outbox thread: could not lower its priority (nice ${nice}); it runs at the app's`);
  }
}

// The metrics' registry is on the app's thread: this thread's counts go there.
if (process.env.METRICS_TOKEN?.trim()) {
  setMetricsSink({
    response: () => {},
    deliveries: (channel, result, count) => port.postMessage({ type: "deliveries", channel, result, count } satisfies FromOutboxThread),
  });
}

async function start() {
  if (driver.provider === "sqlite") await setWalAutocheckpoint(walAutocheckpoint);
  lowerPriority();
  startOutboxWorker({ webhook: webhookSender }, (accepting) => port.postMessage({ type: "hand-off", accepting } satisfies FromOutboxThread));
  port.postMessage({ type: "started" } satisfies FromOutboxThread);
}

port.on("message", (message: ToOutboxThread) => {
  if (message.type === "wake") return wakeOutboxWorker(message.delayMs);
  if (message.type === "take") return takeClaimed(message.messages);
  void stopOutboxWorker(message.graceMs).finally(() => port.postMessage({ type: "stopped" } satisfies FromOutboxThread));
});

start().catch((error) => {
  // The app's thread sees the exit and runs the worker itself.
  log.error({ err: errorField(error) }, "outbox thread: did not start");
  process.exit(1);
});
