/**
 * The app thread's side of the webhook sender: hands signed POSTs to the
 * sender thread (post-thread-entry.ts, built to .respondent/webhook-sender.cjs
 * by scripts/build-respondent.ts) and resolves each with its outcome. Jobs
 * submitted in one turn go in one message.
 *
 * Without the built file (a checkout that never ran `npm run build:respondent`)
 * or when the thread cannot start, the same queue (post-queue.ts) runs on this
 * thread: slower under load, the same behaviour. So it does in the outbox
 * thread (lib/outbox/thread.ts), whose event loop has nothing else to do. A thread that dies fails
 * the POSTs it held (retried on the schedule, receivers de-duplicate on
 * webhook-id) and is started again for the next ones.
 */
import fs from "node:fs";
import path from "node:path";
import { isMainThread, Worker } from "node:worker_threads";
import { createPostQueue, type PostJob, type PostOutcome } from "./post-queue";
import type { FromThread, ToThread } from "./post-thread-entry";
import { errorField, log } from "@/lib/observability/log";

const THREAD_FILE = path.join(process.cwd(), ".respondent", "webhook-sender.cjs");
/** Settings the thread reads (address-policy.ts), sent with each batch. */
const THREAD_ENV = ["WEBHOOK_ALLOW_PRIVATE_URLS"] as const;

interface Sender {
  submit(jobs: PostJob[]): void;
  drop(): void;
}

interface SenderState {
  sender: Sender | null;
  waiting: Map<string, (outcome: PostOutcome) => void>;
  batch: PostJob[];
  next: number;
}

// On globalThis: Next may load this module more than once; one thread per process.
const globalForSender = globalThis as unknown as { formloomWebhookSender?: SenderState };
const state: SenderState = (globalForSender.formloomWebhookSender ??= { sender: null, waiting: new Map(), batch: [] as PostJob[], next: 0 });

function settle(key: string, outcome: PostOutcome) {
  const resolve = state.waiting.get(key);
  state.waiting.delete(key);
  resolve?.(outcome);
}

function inProcess(): Sender {
  return createPostQueue(settle);
}

function startThread(): Sender {
  // Off the app's thread (the outbox thread, lib/outbox/thread.ts) this event loop is free already.
  if (!isMainThread || !fs.existsSync(THREAD_FILE)) return inProcess();
  let worker: Worker;
  try {
    worker = new Worker(/* turbopackIgnore: true */ THREAD_FILE);
  } catch (error) {
    log.error({ err: errorField(error) }, "webhooks: the sender thread did not start; sending on the app's thread");
    return inProcess();
  }
  // The sender alone never keeps a process alive (as the outbox worker's timers).
  worker.unref();
  const held = new Set<string>();
  const failAll = (error: string) => {
    if (state.sender === sender) state.sender = null;
    for (const key of held) settle(key, { ok: false, error });
    held.clear();
  };
  worker.on("message", (message: FromThread) => {
    for (const [key, outcome] of message.results) {
      held.delete(key);
      settle(key, outcome);
    }
  });
  worker.on("error", (error) => {
    log.error({ err: errorField(error) }, "webhooks: the sender thread failed");
    failAll(`The sender thread failed: ${error.message}`);
  });
  worker.on("exit", (code) => failAll(`The sender thread exited (${code})`));
  const post = (message: ToThread) => worker.postMessage(message);
  const sender: Sender = {
    submit(jobs) {
      for (const job of jobs) held.add(job.key);
      post({ type: "submit", jobs, env: Object.fromEntries(THREAD_ENV.map((name) => [name, process.env[name]])) });
    },
    drop: () => post({ type: "drop" }),
  };
  return sender;
}

/** Sends one POST (signed in the sender) and resolves with its outcome; never rejects. */
export function postSigned(job: Omit<PostJob, "key">): Promise<PostOutcome> {
  const key = String(++state.next);
  const done = new Promise<PostOutcome>((resolve) => state.waiting.set(key, resolve));
  state.batch.push({ ...job, key });
  if (state.batch.length === 1) {
    queueMicrotask(() => {
      const jobs = state.batch.splice(0);
      (state.sender ??= startThread()).submit(jobs);
    });
  }
  return done;
}

/** Stopping: POSTs not started come back "dropped" (the rows are handed back); those under way finish. */
export function dropQueuedPosts(): void {
  state.sender?.drop();
}
