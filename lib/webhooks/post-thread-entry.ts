/**
 * The sender thread's entry (bundled by scripts/build-respondent.ts into
 * .respondent/webhook-sender.cjs, started by post-thread.ts): runs the POST
 * queue (post-queue.ts) on this thread's own event loop and reports outcomes
 * back in batches, one message per turn rather than one per POST.
 */
import { parentPort } from "node:worker_threads";
import { createPostQueue, type PostJob, type PostOutcome } from "./post-queue";

export type ToThread =
  | { type: "submit"; jobs: PostJob[]; env: Record<string, string | undefined> }
  | { type: "drop" };
export type FromThread = { type: "results"; results: [string, PostOutcome][] };

const port = parentPort!;
let pending: [string, PostOutcome][] = [];
let flushing = false;

const queue = createPostQueue((key, outcome) => {
  pending.push([key, outcome]);
  if (flushing) return;
  flushing = true;
  setImmediate(() => {
    flushing = false;
    const results = pending;
    pending = [];
    port.postMessage({ type: "results", results } satisfies FromThread);
  });
});

port.on("message", (message: ToThread) => {
  if (message.type === "drop") return queue.drop();
  // The app's settings as they are now (a thread has a copy of the environment from its start).
  for (const [name, value] of Object.entries(message.env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  queue.submit(message.jobs);
});
