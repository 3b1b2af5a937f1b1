/**
 * Whether a finished response of a form has anyone to tell (an enabled
 * webhook subscribed to response.finished, or email notifications), so the
 * submission path of a form with nothing to notify runs no outbox statement
 * at all.
 *
 * The answer is cached per form under the form's outboxVersion, which every
 * change of its webhooks or notifications bumps in its own transaction
 * (lib/outbox/enqueue.ts). The published-form lookup reads that version with
 * the form row it already reads, and the submission's guard re-checks it in
 * the write's transaction (lib/responses/submit-guard.ts): an answer cached
 * before a change — on this instance or another — fails the guard, and the
 * submission is retried with a fresh lookup. So a cache can never make a
 * submission miss a webhook that existed when it committed, and a form without
 * integrations costs no query per submission.
 *
 * It also names the webhooks, which the guard makes exact in the same way:
 * a submission's rows are written claimed for them (lib/outbox/enqueue.ts).
 */
import { db } from "@/lib/db/client";
import { emailConfigured } from "@/lib/email/config";

const MAX_ENTRIES = 1_000;

/** Who hears of a finished response of a form, at one outboxVersion. */
export interface FinishSubscribers {
  /** Anyone at all (an outbox statement is worth writing). */
  notifies: boolean;
  /** The enabled webhooks subscribed to response.finished (lib/outbox/enqueue.ts writes their rows claimed). */
  webhookIds: readonly string[];
}

const known = new Map<string, FinishSubscribers & { version: number }>();

export async function finishSubscribers(formId: string, outboxVersion: number): Promise<FinishSubscribers> {
  const hit = known.get(formId);
  if (hit && hit.version === outboxVersion) return hit;
  const [hooks, notification] = await Promise.all([
    db.webhook.findMany({ where: { formId, enabled: true, events: { contains: JSON.stringify("response.finished") } }, select: { id: true }, orderBy: { id: "asc" } }),
    emailConfigured() ? db.formNotification.findUnique({ where: { formId }, select: { formId: true } }) : null,
  ]);
  const subscribers = { notifies: hooks.length > 0 || notification !== null, webhookIds: hooks.map((hook) => hook.id) };
  if (known.size >= MAX_ENTRIES) known.delete(known.keys().next().value!);
  known.set(formId, { version: outboxVersion, ...subscribers });
  return subscribers;
}
