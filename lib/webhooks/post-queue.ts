/**
 * The webhook POSTs of one process, queued per webhook and sent at most
 * `limit` at a time to each (lib/outbox/worker.ts perTarget()). It runs in
 * the sender thread (post-thread.ts), whose event loop does nothing else, so
 * a slot that frees starts the next POST at once instead of waiting for the
 * app's event loop, busy with submissions, to get round to it; the app's
 * thread only claims, prepares and records, a batch at a time.
 *
 * Each job is signed (Standard Webhooks, sign.ts) when its POST starts and
 * sent through http-post.ts (the address checks happen there, in this thread,
 * at connect time). A job that waited so long that its lease could run out
 * during the POST is not sent: it comes back "expiring", for the app's thread
 * to renew the lease (fenced) and send it again, or drop it if the row was
 * taken over. drop() empties the queues (stopping: the rows are handed back)
 * and lets the POSTs under way finish.
 *
 * A target's queue is kept in message-id order, which is the events' order
 * (ids are time-ordered, lib/ids.ts): a job sent again after its renewal goes
 * back to its place, ahead of those queued since. Jobs claimed together
 * expire together, so at the back a whole batch went out behind the next
 * one (tests/integration/webhooks-backlog.test.ts).
 */
import { postJson, type PostResult } from "./http-post";
import { signatureHeader } from "./sign";

export interface PostJob {
  /** Unique per submission (the row id and its attempt number). */
  key: string;
  /** The concurrency target (the webhook). */
  target: string;
  limit: number;
  url: string;
  /** The webhook-id header (the row id). */
  messageId: string;
  secrets: string[];
  body: string;
  timeoutMs: number;
  /** Not started after this (ms since epoch): its lease might run out mid-POST. */
  startBy: number;
}

export type PostOutcome = PostResult | { expiring: true } | { dropped: true };

/** Puts `job` in its place in `queue` (message-id order); almost always at the end, found from there. */
function enqueue(queue: PostJob[], job: PostJob) {
  let at = queue.length;
  while (at > 0 && queue[at - 1].messageId > job.messageId) at--;
  queue.splice(at, 0, job);
}

export function createPostQueue(report: (key: string, outcome: PostOutcome) => void) {
  const targets = new Map<string, { running: number; queue: PostJob[] }>();

  const pump = (name: string) => {
    const target = targets.get(name);
    if (!target) return;
    while (target.queue.length && target.running < target.queue[0].limit) {
      const job = target.queue.shift()!;
      if (Date.now() > job.startBy) {
        report(job.key, { expiring: true });
        continue;
      }
      target.running++;
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        "webhook-id": job.messageId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(job.secrets, job.messageId, timestamp, job.body),
      };
      postJson(job.url, headers, job.body, job.timeoutMs)
        .catch((error: Error): PostResult => ({ ok: false, error: `Sending failed: ${error.message}` }))
        .then((result) => {
          target.running--;
          report(job.key, result);
          pump(name);
        });
    }
    if (target.running === 0 && target.queue.length === 0) targets.delete(name);
  };

  return {
    submit(jobs: readonly PostJob[]) {
      const touched = new Set<string>();
      for (const job of jobs) {
        let target = targets.get(job.target);
        if (!target) targets.set(job.target, (target = { running: 0, queue: [] }));
        enqueue(target.queue, job);
        touched.add(job.target);
      }
      for (const name of touched) pump(name);
    },
    /** Queued jobs come back "dropped"; POSTs under way go on. */
    drop() {
      for (const target of targets.values()) for (const job of target.queue.splice(0)) report(job.key, { dropped: true });
    },
  };
}
