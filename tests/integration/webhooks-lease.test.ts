/**
 * A claim whose lease ran out while its attempt was still preparing (slow
 * lookups on a loaded database) must not send: another worker has claimed the
 * row since, and only that attempt may reach the receiver. This is what let
 * two instances on one SQLite file send the same delivery twice.
 *
 * Runs the outbox functions in this process against the suite's database;
 * the suite's server never claims the row (it is held by a lease, or not due).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { claimForRetry } from "@/lib/outbox/claim";
import { recordAttempt, renewLease } from "@/lib/outbox/record";
import { deliverWebhookMessage } from "@/lib/webhooks/deliver";
import { newWebhookSecret, sealSecret } from "@/lib/webhooks/secrets";
import { createOwner, publishedForm } from "../helpers/api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

let receiver: WebhookReceiver;
let formId: string;
let webhookId: string;

beforeAll(async () => {
  process.env.AUTH_SECRET ||= "webhooks-lease-test-secret";
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  receiver = await startWebhookReceiver();
  const secret = newWebhookSecret();
  receiver.secrets.push(secret);
  const owner = await createOwner();
  ({ id: formId } = await publishedForm(owner, { questions: [{ key: "name", type: "short-text", title: "Name" }] }));
  const hook = await db.webhook.create({
    data: { id: `wh_lease_${Date.now()}`, workspaceId: owner.userId, formId, url: receiver.url, events: JSON.stringify(["response.finished"]), secret: sealSecret(secret) },
  });
  webhookId = hook.id;
});

afterAll(async () => {
  await receiver?.close();
});

describe("an attempt whose lease was taken over", () => {
  it("sends nothing; the attempt that took the row over sends once", async () => {
    const now = new Date();
    const id = `msg_lease_${now.getTime()}`;
    // "failed": the suite server's worker only claims pending rows.
    await db.outboxMessage.create({
      data: { id, channel: "webhook", webhookId, formId, event: "ping", payload: JSON.stringify({ webhookId }), status: "failed", nextAttemptAt: now, createdAt: now },
    });
    const first = await claimForRetry(id, webhookId, new Date(), 300);
    expect(first?.attempts).toBe(1);
    // Not due while the first lease runs out, so no other worker takes it in between.
    await db.outboxMessage.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() + 86_400_000) } });
    await new Promise((r) => setTimeout(r, 400));
    const second = await claimForRetry(id, webhookId, new Date(), 60_000);
    expect(second?.attempts).toBe(2);

    // The stalled first attempt goes on: its lease cannot be renewed, so it does not POST.
    expect(await renewLease(first!, 60_000)).toBe(false);
    const late = await deliverWebhookMessage(first!);
    expect(late.outcome).toBe("retry");
    expect(receiver.requests).toBe(0);

    const result = await deliverWebhookMessage(second!);
    expect(result.outcome).toBe("succeeded");
    expect(await recordAttempt(second!, result)).toBe("succeeded");
    // The late result changes nothing (fenced by the attempt number).
    expect(await recordAttempt(first!, late)).toBe("pending");
    expect(receiver.requests).toBe(1);
    expect(receiver.received.map((d) => d.id)).toEqual([id]);
    const row = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200 });
  });
});
