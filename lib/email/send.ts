/**
 * Sends one email outbox row (the worker's hook). Resolves when the message
 * was accepted by the SMTP server or when there is nothing to send any more
 * ("skipped": the response was deleted, the settings were turned off, the
 * respondent gave no valid address); throws EmailRetryable / EmailPermanent
 * from lib/email/mailer.ts otherwise.
 *
 * The confirmation goes ONLY to the address the respondent answered to the
 * form's chosen `email` question of the response's own version, validated
 * again here: nobody can make Formloom mail an address the form did not ask for.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { AnswerValue } from "@/lib/schema/answers";
import { filesOfResponses, withFileObjects } from "@/lib/files/answers";
import type { FormSchema } from "@/lib/schema/form-schema";
import { dashboardOrigin, mailConfig } from "./config";
import { emailJobSchema, type EmailJob } from "./jobs";
import { deliverMail, EmailPermanent, EmailRetryable, type OutgoingMail } from "./mailer";
import { invitationNotice, ownerNotification, respondentConfirmation, webhookDisabledNotice, type ResponseForMail } from "./render";
import { openSecret } from "@/lib/webhooks/secrets";

export type SendOutcome = { sent: true; messageId: string } | { sent: false; skipped: string };

const validAddress = z.email().max(254);

/** Link to one response in the dashboard: the responses page opens it in its side panel. */
export const responseLink = (formId: string, responseId: string) =>
  `${dashboardOrigin()}/forms/${encodeURIComponent(formId)}/responses?response=${encodeURIComponent(responseId)}`;

export const integrationsLink = (formId: string) => `${dashboardOrigin()}/forms/${encodeURIComponent(formId)}/integrations`;

async function loadResponse(formId: string, responseId: string): Promise<ResponseForMail | null> {
  const row = await db.response.findFirst({
    where: { id: responseId, formId, finished: true },
    select: { id: true, answers: true, metadata: true, submittedAt: true, version: { select: { schema: true } }, form: { select: { title: true } } },
  });
  if (!row) return null;
  const schema = JSON.parse(row.version.schema) as FormSchema;
  return {
    formTitle: row.form.title,
    questions: schema.questions,
    // File answers read as their names.
    answers: withFileObjects(formId, row.id, JSON.parse(row.answers) as Record<string, AnswerValue>, (await filesOfResponses([row.id])).get(row.id) ?? []),
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    submittedAt: row.submittedAt ?? new Date(),
  };
}

const skip = (skipped: string): SendOutcome => ({ sent: false, skipped });

/** What to send for a job, or why nothing is sent. */
async function compose(job: EmailJob): Promise<OutgoingMail | string> {
  if (job.type === "workspace.invitation") return composeInvitation(job);
  if (job.type === "webhook.disabled") {
    // Told to the workspace's owners (who may not be the webhook's author).
    const form = await db.form.findUnique({
      where: { id: job.formId },
      select: { title: true, workspace: { select: { memberships: { where: { role: "owner" }, select: { user: { select: { email: true } } } } } } },
    });
    if (!form) return "the form was deleted";
    const mail = webhookDisabledNotice({ formTitle: form.title, url: job.url, reason: job.reason, link: integrationsLink(job.formId) });
    return { to: form.workspace.memberships.map((m) => m.user.email), ...mail };
  }
  const settings = await db.formNotification.findUnique({ where: { formId: job.formId } });
  const response = await loadResponse(job.formId, job.responseId);
  if (!response) return "the response was deleted";
  if (job.type === "response.owner") {
    const recipients = settings ? (JSON.parse(settings.recipients) as string[]) : [];
    if (recipients.length === 0) return "notifications were turned off";
    const mail = ownerNotification(response, responseLink(job.formId, job.responseId));
    return { to: recipients, ...mail };
  }
  if (!settings?.confirmationEnabled || !settings.confirmationQuestionKey) return "confirmations were turned off";
  const key = settings.confirmationQuestionKey;
  const question = response.questions.find((q) => q.key === key);
  const address = Object.hasOwn(response.answers, key) ? response.answers[key] : undefined;
  if (question?.type !== "email" || typeof address !== "string" || !validAddress.safeParse(address).success) {
    return "the response has no valid address in the confirmation's email question";
  }
  const mail = respondentConfirmation(response, { subject: settings.confirmationSubject, message: settings.confirmationMessage });
  return { to: [address], ...mail };
}

/** An invitation is mailed only while it is still pending (not revoked, used or expired meanwhile). */
async function composeInvitation(job: Extract<EmailJob, { type: "workspace.invitation" }>): Promise<OutgoingMail | string> {
  const invitation = await db.invitation.findFirst({
    where: { id: job.invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { email: true, role: true, expiresAt: true, workspace: { select: { name: true } } },
  });
  if (!invitation) return "the invitation is no longer pending";
  const url = `${dashboardOrigin()}/invite/${openSecret(job.sealedToken)}`;
  return { to: [invitation.email], ...invitationNotice({ workspaceName: invitation.workspace.name, role: invitation.role, url, expiresAt: invitation.expiresAt }) };
}

/**
 * The worker's hook for an email outbox row. `id` is the row's id: the
 * Message-ID is derived from it, so a retry after an unclear failure is
 * recognisable as the same message.
 */
export async function sendOutboxEmail(
  row: { id: string; payload: string },
  /** Called once the message is composed; false = this attempt lost its claim, send nothing. */
  stillOurs: () => Promise<boolean> = async () => true,
): Promise<SendOutcome> {
  const config = mailConfig();
  if (!config) throw new EmailPermanent("Email is not configured (SMTP_URL is unset)");
  const parsed = emailJobSchema.safeParse(JSON.parse(row.payload));
  if (!parsed.success) throw new EmailPermanent(`Unknown email job: ${parsed.error.message.slice(0, 200)}`);
  const mail = await compose(parsed.data);
  if (typeof mail === "string") return skip(mail);
  if (!(await stillOurs())) throw new EmailRetryable("The claim expired before sending and was taken over");
  const sent = await deliverMail({ ...mail, messageId: `<${row.id}@${config.from.address.split("@")[1]}>` }, config);
  return { sent: true, messageId: sent.messageId };
}
