/**
 * A form's email notification settings (PUT /api/forms/:id/notifications):
 * who is told of each finished response, and the respondent's confirmation
 * with its subject and message (plain text, {{question key}} recalls an
 * answer). Validated in the browser with the API's own zod schema; the
 * server's 400 details land on the same fields.
 */
"use client";

import { useState, type FormEvent } from "react";
import { notificationSettingsSchema, type NotificationSettingsView } from "@/lib/email/notification-schema";
import { Alert, Button, Card, Checkbox, Input, InlineStatus, Select, Textarea } from "@/components/ui";
import { GuardedButton } from "@/components/workspaces/role-context";
import { callApi, detailsByPath } from "@/components/dashboard/api";

export interface RecallQuestion {
  key: string;
  label: string;
  type: string;
}

interface Props {
  formId: string;
  initial: NotificationSettingsView;
  /** Questions of the draft and the published version (email questions can receive the confirmation). */
  questions: RecallQuestion[];
}

const splitAddresses = (text: string) => text.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean);

export function EmailSettings({ formId, initial, questions }: Props) {
  const [recipients, setRecipients] = useState(initial.recipients.join("\n"));
  const [enabled, setEnabled] = useState(initial.confirmation.enabled);
  const emailQuestions = questions.filter((q) => q.type === "email");
  const [questionKey, setQuestionKey] = useState(initial.confirmation.questionKey ?? emailQuestions[0]?.key ?? "");
  const [subject, setSubject] = useState(initial.confirmation.subject);
  const [message, setMessage] = useState(initial.confirmation.message);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");

  async function save(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = {
      recipients: splitAddresses(recipients),
      confirmation: { enabled, questionKey: questionKey || null, subject, message },
    };
    const parsed = notificationSettingsSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path[0] === "recipients" ? "recipients" : issue.path.map(String).join(".");
        next[path] ??= issue.path[0] === "recipients" && issue.path.length > 1 ? `${issue.message}: ${body.recipients[Number(issue.path[1])]}` : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setState("saving");
    const res = await callApi<{ notifications: NotificationSettingsView }>("PUT", `/api/forms/${formId}/notifications`, body);
    if (!res.ok) {
      setState("idle");
      const fields = detailsByPath(res.error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.startsWith("recipients") ? "recipients" : k, v])));
      return setFormError(res.error.message);
    }
    setRecipients(res.data.notifications.recipients.join("\n"));
    setState("saved");
  }

  return (
    <Card title="Email notifications" titleAs="h2" data-testid="email-settings">
      <form onSubmit={save} noValidate className="stack" onChange={() => setState("idle")}>
        {!initial.emailConfigured && (
          <Alert tone="warning">
            <strong>Email is not configured on this server.</strong> Settings are saved, but no email is sent or queued until the
            server has <code>SMTP_URL</code> (and <code>MAIL_FROM</code>) set.
          </Alert>
        )}
        {formError && <Alert tone="danger">{formError}</Alert>}
        <Textarea
          label="Notify these addresses of each finished response"
          hint="One address per line (at most 10). Each gets a summary of the answers and a link to the response. Empty: no notifications."
          rows={3}
          value={recipients}
          onChange={(e) => setRecipients(e.target.value)}
          error={errors.recipients}
          spellCheck={false}
          autoComplete="off"
        />
        <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="field-label">Confirmation to the respondent</legend>
          <Checkbox
            label="Send the respondent a confirmation email"
            hint={emailQuestions.length ? "Sent only to the address answered in the chosen email question." : "Add an Email question to the form to send confirmations."}
            checked={enabled}
            disabled={!emailQuestions.length && !enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          {enabled && (
            <div className="stack-sm">
              <Select
                label="Send it to the answer of"
                options={emailQuestions.length ? emailQuestions.map((q) => ({ value: q.key, label: `${q.label} (${q.key})` })) : [{ value: "", label: "No email question" }]}
                value={questionKey}
                onChange={(e) => setQuestionKey(e.target.value)}
                error={errors["confirmation.questionKey"]}
              />
              <Input
                label="Subject"
                placeholder="Thanks for your answer, {{name}}"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                hint="One line; {{question key}} recalls an answer (see below)."
                error={errors["confirmation.subject"]}
                maxLength={200}
              />
              <Textarea
                label="Message"
                hint="Plain text; blank lines separate paragraphs; {{question key}} recalls an answer (see below)."
                rows={6}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                error={errors["confirmation.message"]}
              />
              <div className="small muted" data-testid="recall-help">
                Recall an answer with <code>{"{{question key}}"}</code>
                {questions.length > 0 && (
                  <>
                    : {questions.map((q, i) => (
                      <span key={q.key}>{i > 0 && ", "}<code>{`{{${q.key}}}`}</code> ({q.label})</span>
                    ))}
                  </>
                )}
                . Answers are inserted as plain text.
              </div>
            </div>
          )}
        </fieldset>
        <div className="row">
          <GuardedButton action="manageWebhooks" type="submit" loading={state === "saving"}>Save email settings</GuardedButton>
          {state === "saved" && <InlineStatus tone="success">Saved</InlineStatus>}
        </div>
      </form>
    </Card>
  );
}
