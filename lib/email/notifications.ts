/**
 * Reading and saving a form's email notification settings (one
 * FormNotification row per form; no row = the defaults, nothing sent).
 * Saving works without SMTP_URL too: the settings wait for email to be
 * configured, and `emailConfigured` says so.
 */
import type { Actor } from "@/lib/workspaces/actor";
import { auditEntry, writeAudit } from "@/lib/workspaces/audit";
import { db } from "@/lib/db/client";
import { getOwnedForm } from "@/lib/forms/forms";
import { draftOf } from "@/lib/forms/serialize";
import { AppError, type ErrorDetail } from "@/lib/http/errors";
import { bumpOutboxVersionTx } from "@/lib/outbox/enqueue";
import type { FormSchema, Question } from "@/lib/schema/form-schema";
import { emailConfigured } from "./config";
import type { NotificationSettings, NotificationSettingsView } from "./notification-schema";
import { recalledKeys } from "./render";

interface NotificationRow {
  recipients: string;
  confirmationEnabled: boolean;
  confirmationQuestionKey: string | null;
  confirmationSubject: string;
  confirmationMessage: string;
  updatedAt: Date;
}

export function serializeNotificationSettings(row: NotificationRow | null): NotificationSettingsView {
  return {
    emailConfigured: emailConfigured(),
    recipients: row ? (JSON.parse(row.recipients) as string[]) : [],
    confirmation: {
      enabled: row?.confirmationEnabled ?? false,
      questionKey: row?.confirmationQuestionKey ?? null,
      subject: row?.confirmationSubject ?? "",
      message: row?.confirmationMessage ?? "",
    },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getNotificationSettings(actor: Actor, formId: string) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  const row = await db.formNotification.findUnique({ where: { formId: form.id } });
  return { notifications: serializeNotificationSettings(row) };
}

/** Questions of the draft and of the latest published version: what an owner can refer to. */
async function knownQuestions(form: { id: string; title: string; draft: string; publishedVersion: number | null }): Promise<Map<string, Question>> {
  const known = new Map<string, Question>();
  const published = form.publishedVersion === null
    ? null
    : await db.formVersion.findUnique({ where: { formId_version: { formId: form.id, version: form.publishedVersion } }, select: { schema: true } });
  const schemas = [draftOf(form), ...(published ? [JSON.parse(published.schema) as FormSchema] : [])];
  for (const q of schemas.flatMap((s) => s.questions)) if (!known.has(q.key)) known.set(q.key, q);
  return known;
}

/** Replaces the settings (PUT): omitted parts take their defaults. */
export async function saveNotificationSettings(actor: Actor, formId: string, input: NotificationSettings) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  const confirmation = input.confirmation ?? { enabled: false, questionKey: null, subject: "", message: "" };
  const known = await knownQuestions(form);
  const details: ErrorDetail[] = [];
  if (confirmation.questionKey !== null && known.get(confirmation.questionKey)?.type !== "email") {
    details.push({ path: "confirmation.questionKey", message: `"${confirmation.questionKey}" is not an email question of this form` });
  }
  for (const field of ["subject", "message"] as const) {
    const unknown = [...new Set(recalledKeys(confirmation[field]))].filter((key) => !known.has(key) || known.get(key)!.type === "statement");
    if (unknown.length) details.push({ path: `confirmation.${field}`, message: `No question to recall: ${unknown.map((k) => `{{${k}}}`).join(", ")}` });
  }
  if (details.length) throw new AppError("validation_failed", "The notification settings refer to questions the form does not have", details);

  const data = {
    recipients: JSON.stringify(input.recipients),
    confirmationEnabled: confirmation.enabled,
    confirmationQuestionKey: confirmation.questionKey,
    confirmationSubject: confirmation.subject,
    confirmationMessage: confirmation.message,
  };
  // With the outboxVersion bump in one transaction: submissions cache whether
  // the form has anyone to notify, and their guard checks this version.
  // Audited: the recipients are where the answers are sent.
  const audit = await auditEntry(actor, "notifications.updated", "form", form.id);
  const row = await db.$transaction(async (tx) => {
    const saved = await tx.formNotification.upsert({ where: { formId: form.id }, create: { formId: form.id, ...data }, update: data });
    await bumpOutboxVersionTx(tx, form.id);
    await writeAudit(tx, audit);
    return saved;
  });
  return { notifications: serializeNotificationSettings(row) };
}
