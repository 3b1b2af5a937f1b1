/**
 * Where the outbox worker runs: on a thread of its own (thread-entry.ts,
 * built to .respondent/outbox-worker.mjs by scripts/build-respondent.ts),
 * with its own database connection, started once per process by
 * instrumentation.ts.
 *
 * Under a submission load the app's thread is what limits throughput (on
 * SQLite it is ~98 % busy), and every delivery made there cost it the claim,
 * the snapshot read, the body, the hand-over to the sender and the result
 * (docs/architecture.md, "How a webhook travels"). On its own thread all of that runs beside the
 * submissions; what is left here is the outbox row written in the event's
 * transaction and a message (at most one per WAKE_EVERY_MS): the rows a
 * submission wrote claimed (lib/outbox/enqueue.ts), or a wake-up for rows
 * written unclaimed (the round a wake asks for comes WRITE_WAKE_DELAY_MS
 * later and claims every row written until then, and the worker polls besides).
 *
 * On SQLite the thread's claims and results are writes on a second
 * connection: they take the database's write lock in turn with this thread's
 * commits (the busy timeout waits), each a short synchronous block.
 *
 * The thread runs the webhook channel only: its bundle loads no Prisma client
 * (lib/outbox/thread-db.ts: a few MB of memory, where Prisma's client cost ~65 MB), and emails, which are
 * composed with Prisma, are few. This thread's worker runs the other
 * channels.
 *
 * On PostgreSQL the thread runs at a lower CPU priority than the app's
 * (outboxThreadNice below), so that under load the submissions' own work
 * goes first and deliveries take the time left between.
 *
 * With OUTBOX_THREAD=off, without the built file, or when the thread fails,
 * one worker runs every channel on this thread as before; rows the thread had claimed come back
 * when their leases run out (the same fencing as between instances).
 */
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { provider } from "@/lib/db/client";
import { metricsSink } from "@/lib/observability/metrics";
import { walAutocheckpointFrames } from "@/lib/db/sqlite-adapter";
import { setting, settingIfSet, switchOn } from "@/lib/settings";
import { channels } from "./channels";
import { releaseClaims, type ClaimedMessage } from "./claim";
import { onOutboxHandOff, onOutboxWrite, type OutboxHandOff } from "./wake";
import { leaseMs, startOutboxWorker, STOP_GRACE_MS, stopOutboxWorker, takeClaimed, wakeOutboxWorker, WRITE_WAKE_DELAY_MS } from "./worker";
import type { FromOutboxThread, OutboxThreadData, ToOutboxThread } from "./thread-entry";
import { errorField, log } from "@/lib/observability/log";

const THREAD_FILE = path.join(process.cwd(), ".respondent", "outbox-worker.mjs");
/** At most one wake-up message per this many ms (see above), and one of rows written claimed. */
const WAKE_EVERY_MS = 50;

/**
 * The outbox thread's nice value (Linux: the thread's alone; 0 = the app's
 * priority, 19 the lowest): OUTBOX_THREAD_NICE, default 10 on PostgreSQL and
 * 0 on SQLite.
 *
 * On a busy machine the thread's deliveries compete for the cores with the
 * submissions they tell of (the app's thread, PostgreSQL's backends). At a
 * lower priority they run in the time the request path leaves (it waits on
 * the database and on commits), rather than ahead of a submission: deliveries
 * still keep pace, a little later (docs/performance.md has the figures).
 * Nothing waits on this thread there: its claims and results lock only
 * outbox rows, which no submission touches.
 *
 * Not on SQLite: there the thread's claims and results hold the database's
 * one write lock, and a thread descheduled while holding it would hold up
 * every submission behind it.
 */
export function outboxThreadNice(): number {
  return settingIfSet("OUTBOX_THREAD_NICE") ?? (provider === "postgresql" ? setting("OUTBOX_THREAD_NICE") : 0);
}

const STOP = Symbol.for("formloom.outbox.stop");
// On globalThis: Next may load this module more than once (one thread per process).
const globalForThread = globalThis as unknown as { formloomOutboxThread?: Worker | "in-process" };

/** Starts the outbox: webhooks on their own thread when it can, everything else (or everything) on this one. */
export function startOutbox(): void {
  if (globalForThread.formloomOutboxThread) return;
  if (!switchOn("OUTBOX_THREAD") || !fs.existsSync(THREAD_FILE)) return allInProcess();
  const workerData: OutboxThreadData = { walAutocheckpoint: walAutocheckpointFrames(), nice: outboxThreadNice() };
  let worker: Worker;
  try {
    worker = new Worker(/* turbopackIgnore: true */ THREAD_FILE, { workerData });
  } catch (error) {
    log.error({ err: errorField(error) }, "outbox: the worker thread did not start; webhooks are sent from the app's thread");
    return allInProcess();
  }
  globalForThread.formloomOutboxThread = worker;
  // It alone never keeps a process alive (as the worker's own timers).
  worker.unref();
  const post = (message: ToOutboxThread) => worker.postMessage(message);

  let stopping: Promise<void> | null = null;
  let stopped: (() => void) | null = null;
  worker.on("message", (message: FromOutboxThread) => {
    if (message.type === "started") log.info("Outbox: webhooks are sent from a thread of their own");
    if (message.type === "stopped") stopped?.();
    if (message.type === "deliveries") metricsSink()?.deliveries(message.channel, message.result, message.count);
    // The thread's worker fell behind (rows are written unclaimed, for its claims) or caught up.
    if (message.type === "hand-off" && open) onOutboxHandOff(message.accepting ? handOff : null);
  });
  worker.on("error", (error) => log.error({ err: errorField(error) }, "outbox: the worker thread failed"));
  worker.on("exit", (code) => {
    stopped?.();
    if (stopping) return;
    log.error(`outbox: the worker thread exited (${code}); webhooks are sent from the app's thread`);
    allInProcess();
  });

  // Email (and any other channel) here, webhooks there.
  startOutboxWorker({ email: channels.email });
  // A submission's webhook rows, written claimed (lib/outbox/enqueue.ts), go to the thread together,
  // WAKE_EVERY_MS at most after their commit; once stopping, back to the database (a submission
  // that began before the stop commits after it). Rows posted to a thread that then dies are
  // claimed again when their lease runs out.
  let taken: ClaimedMessage[] = [];
  let open = true;
  const handOff: OutboxHandOff = {
    leaseMs: leaseMs(),
    take(messages) {
      if (!open) return void releaseClaims(messages).catch((error) => log.error({ err: errorField(error) }, "outbox: handing back rows failed; their lease runs out"));
      if (taken.length === 0) setTimeout(() => taken.length && post({ type: "take", messages: taken.splice(0) }), WAKE_EVERY_MS).unref();
      taken.push(...messages);
    },
  };
  onOutboxHandOff(handOff);
  let lastWake = 0;
  onOutboxWrite((channel) => {
    if (channel !== "webhook") return wakeOutboxWorker(WRITE_WAKE_DELAY_MS);
    const now = Date.now();
    if (now - lastWake < WAKE_EVERY_MS) return;
    lastWake = now;
    post({ type: "wake", delayMs: WRITE_WAKE_DELAY_MS });
  });
  // scripts/serve.mjs calls this on SIGTERM: both workers stop claiming, hand back what they have
  // not started and record the attempts under way.
  (globalThis as Record<symbol, unknown>)[STOP] = () => {
    // Rows written from now on are left for claims; the thread hands back those on their way to it.
    onOutboxHandOff(null);
    open = false;
    return (stopping ??= Promise.all([
      stopOutboxWorker(STOP_GRACE_MS),
      new Promise<void>((resolve) => {
        stopped = resolve;
        setTimeout(resolve, STOP_GRACE_MS + 1_000).unref();
        if (taken.length) post({ type: "take", messages: taken.splice(0) });
        post({ type: "stop", graceMs: STOP_GRACE_MS });
      }),
    ]).then(() => undefined));
  };
}

/** Every channel on this thread (no thread file, or the thread failed): as before there was one. */
function allInProcess() {
  globalForThread.formloomOutboxThread = "in-process";
  const handOff: OutboxHandOff = { leaseMs: leaseMs(), take: takeClaimed };
  let open = true;
  startOutboxWorker(channels, (accepting) => open && onOutboxHandOff(accepting ? handOff : null));
  onOutboxWrite(() => wakeOutboxWorker(WRITE_WAKE_DELAY_MS));
  onOutboxHandOff(handOff);
  (globalThis as Record<symbol, unknown>)[STOP] = (graceMs?: number) => {
    open = false;
    onOutboxHandOff(null);
    return stopOutboxWorker(graceMs);
  };
}
