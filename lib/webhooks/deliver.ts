/**
 * One attempt of a webhook outbox row (the worker's sender for the "webhook"
 * channel): build the body (once: it is frozen for the retries), sign it
 * with Standard Webhooks headers, POST it (http-post.ts), and keep the
 * webhook's health:
 *
 * - 2xx: delivered; the webhook is no longer failing.
 * - 410 Gone: the receiver says the endpoint is gone for good: the message
 *   fails and the webhook is disabled.
 * - anything else (other status, 3xx, timeout, connection or address
 *   refusal): retried on the schedule (lib/outbox/schedule.ts). A webhook
 *   whose attempts have failed without a success for WEBHOOK_DISABLE_AFTER_MS
 *   (default 5 days) is disabled, and its owner is emailed when email is set up.
 */
import { db } from "@/lib/db/client";
import { emailConfigured } from "@/lib/email/config";
import { exec, rawTransaction, sql } from "@/lib/db/raw";
import { bumpOutboxVersion, enqueueMessage } from "@/lib/outbox/enqueue";
import type { ClaimedMessage } from "@/lib/outbox/claim";
import { freezeBody, renewLease, type AttemptResult } from "@/lib/outbox/record";
import type { ResponseEventPayload } from "@/lib/outbox/response-events";
import { getResponseRow } from "./response-snapshot";
import { openSecret, UnreadableSecret } from "./secrets";
import { signatureHeader } from "./sign";
import { postJson } from "./http-post";

export const attemptTimeoutMs = () => Number(process.env.WEBHOOK_TIMEOUT_MS || 15_000);
/** A claim's lease: longer than the POST may take, counted again from just before the POST (renewLease). */
export const leaseMs = () => attemptTimeoutMs() * 2 + 10_000;
const disableAfterMs = () => Number(process.env.WEBHOOK_DISABLE_AFTER_MS || 5 * 24 * 3_600_000);

/** The JSON body of a message: `{ type, timestamp, data: { formId, … } }`. */
async function buildBody(message: ClaimedMessage): Promise<string> {
  const payload = JSON.parse(message.payload) as Record<string, unknown>;
  const data: Record<string, unknown> = { formId: message.formId, ...payload };
  if (message.event === "response.finished" && !payload.response) {
    const { responseId } = payload as unknown as ResponseEventPayload;
    // Deleted before its first attempt: the event still goes out, with `response: null`.
    data.response = message.formId ? await getResponseRow(message.formId, responseId) : null;
  }
  return JSON.stringify({ type: message.event, timestamp: message.createdAt.toISOString(), data });
}

export async function deliverWebhookMessage(message: ClaimedMessage): Promise<AttemptResult> {
  const hook = message.webhookId
    ? await db.webhook.findUnique({ where: { id: message.webhookId }, select: { id: true, formId: true, url: true, secret: true, previousSecret: true, previousSecretUntil: true, failingSince: true } })
    : null;
  if (!hook) return { outcome: "permanent", error: "The webhook no longer exists" };

  let secrets: string[];
  try {
    secrets = [openSecret(hook.secret)];
    if (hook.previousSecret && hook.previousSecretUntil && hook.previousSecretUntil > new Date()) secrets.push(openSecret(hook.previousSecret));
  } catch (error) {
    if (error instanceof UnreadableSecret) return { outcome: "retry", error: error.message };
    throw error;
  }

  let body = message.body;
  if (body === null) {
    body = await buildBody(message);
    await freezeBody(message, body);
  }
  // The lookups above may have waited long on a loaded database (the lease was
  // counted from the claim): send only while this attempt still holds the row,
  // with a lease counted from now, so no other instance can take it mid-POST.
  if (!(await renewLease(message, leaseMs()))) {
    return { outcome: "retry", error: "The claim expired before sending and was taken over" };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "webhook-id": message.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(secrets, message.id, timestamp, body),
  };
  const result = await postJson(hook.url, headers, body, attemptTimeoutMs());
  const now = new Date();
  if (result.ok) {
    if (hook.failingSince) await db.webhook.updateMany({ where: { id: hook.id }, data: { failingSince: null } });
    return { outcome: "succeeded", statusCode: result.statusCode, responseBody: result.body };
  }
  const attempt = { statusCode: result.statusCode, responseBody: result.body, error: result.error };
  if (result.statusCode === 410) {
    await disableWebhook(hook, "The receiver answered 410 Gone", now);
    return { outcome: "permanent", ...attempt };
  }
  if (!hook.failingSince) {
    await db.webhook.updateMany({ where: { id: hook.id, failingSince: null }, data: { failingSince: now } });
  } else if (now.getTime() - hook.failingSince.getTime() >= disableAfterMs()) {
    await disableWebhook(hook, `Every delivery has failed since ${hook.failingSince.toISOString()} (last: ${result.error})`, now);
  }
  return { outcome: "retry", ...attempt };
}

/**
 * Disables a webhook and records why, in one transaction with the owner's
 * email (when email is configured) — lib/email sends it. Only an enabled
 * webhook is disabled, so the owner is told once.
 */
async function disableWebhook(hook: { id: string; formId: string; url: string }, reason: string, now: Date) {
  await rawTransaction(function* () {
    const changed = yield* exec(sql`
      UPDATE "Webhook" SET "enabled" = ${false}, "disabledAt" = ${now}, "disabledReason" = ${reason}, "updatedAt" = ${now}
      WHERE "id" = ${hook.id} AND "enabled" = ${true}`);
    if (changed !== 1) return;
    yield* bumpOutboxVersion(hook.formId);
    if (emailConfigured()) {
      yield* enqueueMessage({ channel: "email", formId: hook.formId, event: "webhook.disabled", payload: { type: "webhook.disabled", formId: hook.formId, url: hook.url, reason }, now });
    }
  });
}
