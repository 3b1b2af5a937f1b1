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
 */
import { db } from "@/lib/db/client";
import { emailConfigured } from "@/lib/email/config";

const MAX_ENTRIES = 1_000;
const known = new Map<string, { version: number; notifies: boolean }>();

export async function formNotifiesOnFinish(formId: string, outboxVersion: number): Promise<boolean> {
  const hit = known.get(formId);
  if (hit && hit.version === outboxVersion) return hit.notifies;
  const [hooks, notification] = await Promise.all([
    db.webhook.count({ where: { formId, enabled: true, events: { contains: JSON.stringify("response.finished") } } }),
    emailConfigured() ? db.formNotification.findUnique({ where: { formId }, select: { formId: true } }) : null,
  ]);
  const notifies = hooks > 0 || notification !== null;
  if (known.size >= MAX_ENTRIES) known.delete(known.keys().next().value!);
  known.set(formId, { version: outboxVersion, notifies });
  return notifies;
}
