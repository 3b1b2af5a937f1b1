/**
 * The emails' words: the owner's notification of a finished response, the
 * respondent's confirmation (the owner's subject and message with recalled
 * answers), and the owner's notice that a webhook was disabled.
 *
 * Every value that came from a respondent or an owner is escaped in HTML
 * (escapeHtml) and folded onto one line in a subject (oneLine), so answers
 * can neither add markup nor headers. Owner-written messages are plain text:
 * no owner HTML reaches a respondent either.
 */
import type { AnswerValue } from "@/lib/schema/answers";
import type { Question } from "@/lib/schema/form-schema";
import { formatAnswer, questionLabel } from "@/lib/responses/view-model";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A response as the emails need it: its version's questions and its stored values. */
export interface ResponseForMail {
  formTitle: string;
  questions: Question[];
  answers: Record<string, AnswerValue>;
  metadata: Record<string, string>;
  submittedAt: Date;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** Subjects are one line: every run of whitespace (CR/LF included) becomes one space. */
export const SUBJECT_MAX = 200;
export const oneLine = (text: string, max = SUBJECT_MAX) => text.replace(/\s+/g, " ").trim().slice(0, max);

/** Matches {{key}} and {{ key }}; keys follow questionKeySchema. */
export const RECALL_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_-]{0,63})\s*\}\}/g;

/** The question keys a template recalls, in order of appearance. */
export const recalledKeys = (template: string) => [...template.matchAll(RECALL_PATTERN)].map((m) => m[1]);

/** The display text of each question's answer (hidden questions: their metadata value); own keys only. */
function valuesOf(r: ResponseForMail): Map<string, string> {
  const values = new Map<string, string>();
  for (const q of r.questions) {
    if (q.type === "statement") continue;
    const raw = q.type === "hidden" ? r.metadata[q.key] : Object.hasOwn(r.answers, q.key) ? r.answers[q.key] : undefined;
    values.set(q.key, formatAnswer(raw, q));
  }
  return values;
}

/** {{key}} → that answer's text ("" when unanswered or unknown). */
export function recall(template: string, r: ResponseForMail): string {
  const values = valuesOf(r);
  return template.replace(RECALL_PATTERN, (_, key: string) => values.get(key) ?? "");
}

const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:15px;line-height:1.5;color:#1f2328">\n${body}\n</body></html>`;

export function ownerNotification(r: ResponseForMail, link: string): RenderedMail {
  const values = valuesOf(r);
  const rows = r.questions.filter((q) => q.type !== "statement").map((q) => ({ label: questionLabel(q), value: values.get(q.key) || "" }));
  const when = r.submittedAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const subject = oneLine(`New response to "${r.formTitle}"`);
  const text = [
    `New response to "${r.formTitle}", submitted ${when}.`,
    "",
    ...rows.flatMap((row) => [row.label, row.value ? indent(row.value) : "  (no answer)", ""]),
    `Open it in Formloom: ${link}`,
    "",
  ].join("\n");
  const html = page(
    [
      `<p>New response to <strong>${escapeHtml(r.formTitle)}</strong>, submitted ${escapeHtml(when)}.</p>`,
      `<table cellpadding="6" style="border-collapse:collapse">`,
      ...rows.map(
        (row) =>
          `<tr><th align="left" valign="top" style="border-bottom:1px solid #d0d7de">${escapeHtml(row.label)}</th>` +
          `<td style="border-bottom:1px solid #d0d7de;white-space:pre-wrap">${row.value ? escapeHtml(row.value) : "<em>(no answer)</em>"}</td></tr>`,
      ),
      `</table>`,
      `<p><a href="${escapeHtml(link)}">Open it in Formloom</a></p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}

const indent = (text: string) => text.split("\n").map((line) => `  ${line}`).join("\n");

export function respondentConfirmation(r: ResponseForMail, template: { subject: string; message: string }): RenderedMail {
  const message = recall(template.message, r).trim();
  return {
    subject: oneLine(recall(template.subject, r)) || oneLine(`Thank you for your response to "${r.formTitle}"`),
    text: message + "\n",
    html: page(paragraphs(message)),
  };
}

export function webhookDisabledNotice(input: { formTitle: string; url: string; reason: string; link: string }): RenderedMail {
  const subject = oneLine(`Webhook disabled on "${input.formTitle}"`);
  const text = [
    `The webhook ${input.url} of your form "${input.formTitle}" was disabled: ${input.reason}`,
    "",
    "Its events are no longer sent. Fix the receiver, then enable the webhook again (pending deliveries can be retried from the log):",
    input.link,
    "",
  ].join("\n");
  const html = page(
    [
      `<p>The webhook <code>${escapeHtml(input.url)}</code> of your form <strong>${escapeHtml(input.formTitle)}</strong> was disabled: ${escapeHtml(input.reason)}</p>`,
      `<p>Its events are no longer sent. Fix the receiver, then enable the webhook again (pending deliveries can be retried from the log).</p>`,
      `<p><a href="${escapeHtml(input.link)}">Open the form's integrations</a></p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}

export function invitationNotice(input: { workspaceName: string; role: string; url: string; expiresAt: Date }): RenderedMail {
  const subject = oneLine(`You are invited to "${input.workspaceName}" on Formloom`);
  const until = input.expiresAt.toISOString().slice(0, 10);
  const text = [
    `You are invited to join the workspace "${input.workspaceName}" as ${input.role}.`,
    "",
    `Open this link to sign in or create your account and join (valid until ${until}, once):`,
    input.url,
    "",
  ].join("\n");
  const html = page(
    [
      `<p>You are invited to join the workspace <strong>${escapeHtml(input.workspaceName)}</strong> as ${escapeHtml(input.role)}.</p>`,
      `<p><a href="${escapeHtml(input.url)}">Sign in or create your account and join</a> (valid until ${until}, once).</p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}
