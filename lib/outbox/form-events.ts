/**
 * form.published / form.unpublished rows, written in the Prisma transaction
 * that changes the form's status. The form is read in that transaction and
 * frozen into the payload: a later change must not rewrite what was announced.
 */
import type { Tx } from "@/lib/db/client";
import type { WebhookEvent } from "@/lib/webhooks/events";
import { enqueueWebhookEventTx } from "./enqueue";

export interface FormEventPayload {
  form: { id: string; title: string; slug: string | null; status: string; publishedVersion: number | null; publishedAt: string | null };
}

export async function enqueueFormEventTx(tx: Tx, formId: string, event: Extract<WebhookEvent, `form.${string}`>, now: Date): Promise<void> {
  const form = await tx.form.findUnique({
    where: { id: formId },
    select: { id: true, title: true, slug: true, status: true, publishedVersion: true, publishedAt: true },
  });
  if (!form) return;
  const payload: FormEventPayload = { form: { ...form, publishedAt: form.publishedAt?.toISOString() ?? null } };
  await enqueueWebhookEventTx(tx, formId, event, payload, now);
}
