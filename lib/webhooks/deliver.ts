/**
 * One attempt of a webhook outbox row (the worker's sender for the "webhook"
 * channel): build the body (once: a failed attempt keeps it for the retries), sign it
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
import { emailConfigured } from "@/lib/email/config";
import { setting } from "@/lib/settings";
import { anyOf, exec, prepareOnce, rawQuery, rawTransaction, rawWriteExec, sql } from "@/lib/db/raw";
import { bumpOutboxVersion, enqueueMessage } from "@/lib/outbox/enqueue";
import type { ClaimedMessage } from "@/lib/outbox/claim";
import { renewLease, type AttemptResult } from "@/lib/outbox/record";
import type { ResponseEventPayload } from "@/lib/outbox/response-events";
import { getResponseRows, type ResponseObject } from "./response-snapshot";
import { openSecret, UnreadableSecret } from "./secrets";
import { postSigned } from "./post-thread";

export const attemptTimeoutMs = () => setting("WEBHOOK_TIMEOUT_MS");
/** A claim's lease: longer than the POST may take; a POST that would start too late to end within it renews it first. */
export const leaseMs = () => attemptTimeoutMs() * 2 + 10_000;
/**
 * Concurrent attempts per target (a webhook; the SMTP server) per instance:
 * WEBHOOK_CONCURRENCY, default 8, at most 32 (docs/configuration.md).
 */
export const perTarget = () => setting("WEBHOOK_CONCURRENCY");
const disableAfterMs = () => setting("WEBHOOK_DISABLE_AFTER_MS");

type Hook = { id: string; formId: string; url: string; failingSince: Date | null; secrets: string[] | UnreadableSecret };

/** The JSON body of a message: `{ type, timestamp, data: { formId, … } }`. */
function buildBody(message: ClaimedMessage, responses: Map<string, ResponseObject>): string {
  const payload = JSON.parse(message.payload) as Record<string, unknown>;
  const data: Record<string, unknown> = { formId: message.formId, ...payload };
  if (message.event === "response.finished" && !payload.response) {
    const { responseId } = payload as unknown as ResponseEventPayload;
    // Deleted before its first attempt: the event still goes out, with `response: null`.
    data.response = responses.get(responseId) ?? null;
  }
  return JSON.stringify({ type: message.event, timestamp: message.createdAt.toISOString(), data });
}

function responseToRead(message: ClaimedMessage): { formId: string; responseId: string } | null {
  if (message.body !== null || message.event !== "response.finished" || !message.formId) return null;
  const payload = JSON.parse(message.payload) as Partial<ResponseEventPayload>;
  return payload.response || !payload.responseId ? null : { formId: message.formId, responseId: payload.responseId };
}

const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

/** The webhooks of the rows (raw: this runs for every delivery), their secrets opened once each. */
async function loadHooks(ids: string[]): Promise<Map<string, Hook>> {
  const hooks = new Map<string, Hook>();
  if (ids.length === 0) return hooks;
  const rows = await rawQuery<Record<string, unknown>>(prepareOnce(sql`
    SELECT "id", "formId", "url", "secret", "previousSecret", "previousSecretUntil", "failingSince"
    FROM "Webhook" WHERE ${anyOf(sql`"id"`, ids)}`));
  const now = new Date();
  for (const row of rows) {
    let secrets: string[] | UnreadableSecret;
    try {
      secrets = [openSecret(String(row.secret))];
      const until = toDate(row.previousSecretUntil);
      if (row.previousSecret && until && until > now) secrets.push(openSecret(String(row.previousSecret)));
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      secrets = error;
    }
    hooks.set(String(row.id), { id: String(row.id), formId: String(row.formId), url: String(row.url), failingSince: toDate(row.failingSince), secrets });
  }
  return hooks;
}

/**
 * One attempt, ready to go: it resolves to its result (at once when there is
 * nothing to send), or to null when it was not made (the worker is stopping:
 * the row is handed back).
 */
export type PreparedAttempt = () => Promise<AttemptResult | null>;

/**
 * Prepares attempts of several claimed webhook rows, the lookups shared:
 * their webhooks in one query, the responses of the bodies still to build in
 * one. No write: the claim's lease (counted from the claim, 2 × the timeout
 * + 10 s) is what lets the attempt send, and the sender thread
 * (post-thread.ts), which queues it behind the webhook's other attempts (at
 * most perTarget() at once), hands back unsent one that would start with
 * less than the timeout and a margin of the lease left (slow lookups on a
 * loaded database, a long wait for a slot): its lease is then renewed
 * (fenced: nothing is sent if another instance took the row over) and it
 * goes again. A new body is written only when its attempt fails (with the
 * result, lib/outbox/record.ts): a delivery's row is written by its claim and
 * its result, nothing in between. None rejects for the receiver's failures.
 */
export async function prepareWebhookAttempts(messages: readonly ClaimedMessage[]): Promise<PreparedAttempt[]> {
  const hooks = await loadHooks([...new Set(messages.flatMap((m) => (m.webhookId ? [m.webhookId] : [])))]);
  const reads = messages.map((m) => (m.webhookId && hooks.has(m.webhookId) ? responseToRead(m) : null));
  const responses = await getResponseRows(reads.filter((r) => r !== null));

  const settled = (result: AttemptResult): PreparedAttempt => () => Promise.resolve(result);
  return messages.map((message) => {
    const hook = message.webhookId ? hooks.get(message.webhookId) : undefined;
    if (!hook) return settled({ outcome: "permanent", error: "The webhook no longer exists" });
    if (hook.secrets instanceof UnreadableSecret) return settled({ outcome: "retry", error: hook.secrets.message });
    const ready: Ready = { message, hook, secrets: hook.secrets, body: message.body ?? buildBody(message, responses), kept: message.body !== null };
    return () => send(ready);
  });
}

const takenOver: AttemptResult = { outcome: "retry", error: "The claim expired before sending and was taken over" };

/** One attempt of one claimed row, now (a retry asked for, a test ping; tests). */
export async function deliverWebhookMessage(message: ClaimedMessage): Promise<AttemptResult> {
  const [attempt] = await prepareWebhookAttempts([message]);
  return (await attempt()) ?? { outcome: "retry", error: "Not sent: the server is stopping" };
}

/** `kept`: the body is stored already (an earlier attempt failed); otherwise a failure keeps it. */
type Ready = { message: ClaimedMessage; hook: Hook; secrets: string[]; body: string; kept: boolean };

async function send({ message, hook, secrets, body, kept }: Ready): Promise<AttemptResult | null> {
  const lease = leaseMs();
  let startBy = message.heldUntil - attemptTimeoutMs() - 5_000;
  let result;
  for (;;) {
    const outcome = await postSigned({ target: hook.id, limit: perTarget(), url: hook.url, messageId: message.id, secrets, body, timeoutMs: attemptTimeoutMs(), startBy });
    if ("dropped" in outcome) return null;
    if (!("expiring" in outcome)) {
      result = outcome;
      break;
    }
    // Waited for a free slot so long that the POST might outlast the lease: renew it first (fenced the same way).
    const renewedAt = Date.now();
    if (!(await renewLease(message, lease))) return takenOver;
    startBy = renewedAt + lease - attemptTimeoutMs() - 5_000;
  }
  const now = new Date();
  if (result.ok) {
    if (hook.failingSince) await rawWriteExec(sql`UPDATE "Webhook" SET "failingSince" = NULL WHERE "id" = ${hook.id}`);
    return { outcome: "succeeded", statusCode: result.statusCode, responseBody: result.body };
  }
  const attempt = { statusCode: result.statusCode, responseBody: result.body, error: result.error, ...(kept ? {} : { sentBody: body }) };
  if (result.statusCode === 410) {
    await disableWebhook(hook, "The receiver answered 410 Gone", now);
    return { outcome: "permanent", ...attempt };
  }
  if (!hook.failingSince) {
    await rawWriteExec(sql`UPDATE "Webhook" SET "failingSince" = ${now} WHERE "id" = ${hook.id} AND "failingSince" IS NULL`);
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
