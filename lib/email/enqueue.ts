/**
 * Email outbox rows, written in the transaction of the event they tell of
 * (lib/outbox/enqueue.ts says why). Nothing is queued while email is not
 * configured (no SMTP_URL): there would be nobody to send it, and a queue
 * that grows until someone configures SMTP would then mail stale news.
 * (The webhook core queues the "webhook disabled" job, lib/email/jobs.ts,
 * in its own disabling transaction.)
 */
import { query, sql, type RawWork } from "@/lib/db/raw";
import { enqueueMessage } from "@/lib/outbox/enqueue";
import { emailConfigured } from "./config";
import type { EmailJob } from "./jobs";

/**
 * In the finishing transaction of a response: the owner notification when the
 * form has recipients, the respondent confirmation when it is on. The
 * settings are read again when the email is sent (lib/email/send.ts).
 */
export function* enqueueResponseEmails(formId: string, responseId: string, now: Date): RawWork<void> {
  if (!emailConfigured()) return;
  const [row] = yield* query<{ recipients: string; confirmationEnabled: boolean | number }>(sql`
    SELECT "recipients", "confirmationEnabled" FROM "FormNotification" WHERE "formId" = ${formId}`);
  if (!row) return;
  const jobs: EmailJob[] = [];
  if ((JSON.parse(row.recipients) as string[]).length > 0) jobs.push({ type: "response.owner", formId, responseId });
  if (Boolean(row.confirmationEnabled)) jobs.push({ type: "response.confirmation", formId, responseId });
  for (const job of jobs) yield* enqueueMessage({ channel: "email", formId, event: job.type, payload: job, now });
}
