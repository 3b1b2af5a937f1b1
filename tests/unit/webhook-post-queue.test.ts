/**
 * The webhook sender (lib/webhooks/post-queue.ts, run in the sender thread by
 * post-thread.ts) against a real receiver that verifies every signature with
 * the `standardwebhooks` library: the per-webhook cap, the lease check before
 * a POST and the queue's order, handing back what is queued when stopping —
 * and the thread itself.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostQueue, type PostJob, type PostOutcome } from "@/lib/webhooks/post-queue";
import { dropQueuedPosts, postSigned } from "@/lib/webhooks/post-thread";
import { newWebhookSecret } from "@/lib/webhooks/secrets";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

let receiver: WebhookReceiver;
const secret = newWebhookSecret();

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  receiver = await startWebhookReceiver();
  receiver.secrets = [secret];
});
afterAll(() => receiver.close());

const job = (n: number, over: Partial<PostJob> = {}): PostJob => ({
  key: `k${n}`, target: "hook-1", limit: 2, url: receiver.url, messageId: `msg_${n}_${Date.now()}`, secrets: [secret],
  body: JSON.stringify({ type: "ping", n }), timeoutMs: 5_000, startBy: Date.now() + 60_000, ...over,
});

function queueWithResults() {
  const results = new Map<string, PostOutcome>();
  const queue = createPostQueue((key, outcome) => results.set(key, outcome));
  return { queue, results };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("webhook sender", () => {
  it("sends at most `limit` at once to one webhook, every one signed, and reports each", async () => {
    receiver.received.length = 0;
    receiver.maxInFlight = 0;
    receiver.script([{ status: 200, delayMs: 150 }]);
    const { queue, results } = queueWithResults();
    queue.submit(Array.from({ length: 6 }, (_, i) => job(i)));
    await until(() => results.size === 6);
    expect(receiver.maxInFlight).toBe(2);
    expect(receiver.received.map((r) => r.body.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...results.values()].every((r) => "ok" in r && r.ok && r.statusCode === 200)).toBe(true);
  });

  it("does not send a job whose lease could run out before its POST: it comes back expiring", async () => {
    receiver.received.length = 0;
    receiver.script([{ status: 200 }]);
    const { queue, results } = queueWithResults();
    queue.submit([job(1, { startBy: Date.now() - 1 }), job(2)]);
    await until(() => results.size === 2);
    expect(results.get("k1")).toEqual({ expiring: true });
    expect(receiver.received.map((r) => r.body.n)).toEqual([2]);
  });

  it("keeps a webhook's queue in message order: a job sent again after its renewal goes back to its place", async () => {
    receiver.received.length = 0;
    receiver.script([{ status: 200, delayMs: 100 }]);
    const at = (n: number, over: Partial<PostJob> = {}) => job(n, { limit: 1, messageId: `msg_${n}`, ...over });
    const results = new Map<string, PostOutcome>();
    // The app's thread renews an expiring job's lease, then sends it again (here at once, as soon as it is told).
    const queue = createPostQueue((key, outcome) => {
      results.set(key, outcome);
      if ("expiring" in outcome) queueMicrotask(() => queue.submit([at(Number(key.slice(1)))]));
    });
    // 1 goes at once; 2 and 3 (claimed together) wait past their window to start, behind it.
    queue.submit([at(1), at(2, { startBy: Date.now() + 50 }), at(3, { startBy: Date.now() + 50 }), at(4), at(5)]);
    await until(() => receiver.received.length === 5);
    // When 1 ends, 2 and 3 come back expiring and 4 starts; renewed, they go before 5, queued before they came back.
    expect(receiver.received.map((r) => r.body.n)).toEqual([1, 4, 2, 3, 5]);
  });

  it("stopping drops what is queued and lets the POSTs under way finish", async () => {
    receiver.received.length = 0;
    receiver.script([{ status: 200, delayMs: 300 }]);
    const { queue, results } = queueWithResults();
    queue.submit(Array.from({ length: 5 }, (_, i) => job(i)));
    await until(() => receiver.requests > 0);
    queue.drop();
    await until(() => results.size === 5);
    expect([...results.values()].filter((r) => "dropped" in r)).toHaveLength(3);
    expect(receiver.received.map((r) => r.body.n).sort()).toEqual([0, 1]);
  });

  it("runs in the built sender thread, signed there, and hands back its queue on stop", async () => {
    expect(fs.existsSync(path.join(process.cwd(), ".respondent", "webhook-sender.cjs"))).toBe(true);
    receiver.received.length = 0;
    receiver.maxInFlight = 0;
    receiver.script([{ status: 200, delayMs: 300 }]);
    const outcomes = Array.from({ length: 4 }, (_, i) => postSigned({ ...job(i, { target: "hook-thread" }), key: undefined } as Omit<PostJob, "key">));
    await until(() => receiver.requests >= 2);
    dropQueuedPosts();
    const settled = await Promise.all(outcomes);
    expect(settled.filter((r) => "dropped" in r)).toHaveLength(2);
    expect(settled.filter((r) => "ok" in r && r.ok)).toHaveLength(2);
    expect(receiver.maxInFlight).toBe(2);
    expect(receiver.unverified).toHaveLength(0);
  });
});
