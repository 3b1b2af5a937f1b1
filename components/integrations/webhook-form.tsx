/**
 * Create or edit a webhook: its URL, the events it receives and a
 * description. The server checks the URL (https or http, public address)
 * and answers 400 with details that land on the fields.
 */
"use client";

import { useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Input } from "@/components/ui";
import { callApi, detailsByPath } from "@/components/dashboard/api";
import { WEBHOOK_EVENTS, webhookPath, type Webhook } from "./types";

interface Props {
  formId: string;
  /** Editing this webhook; creating when absent. */
  webhook?: Webhook;
  onDone: (result: { webhook: Webhook & { secret?: string } }) => void;
  onCancel: () => void;
}

export function WebhookForm({ formId, webhook, onDone, onCancel }: Props) {
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [description, setDescription] = useState(webhook?.description ?? "");
  const [events, setEvents] = useState<string[]>(webhook?.events ?? ["response.finished"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = Boolean(webhook);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!url.trim()) local.url = "Enter the receiver's URL";
    if (events.length === 0) local.events = "Choose at least one event";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setFormError(null);
    const body = { url: url.trim(), events, description: description.trim() || (editing ? null : undefined) };
    const res = editing
      ? await callApi<{ webhook: Webhook }>("PATCH", webhookPath(formId, webhook!.id), body)
      : await callApi<{ webhook: Webhook & { secret: string } }>("POST", webhookPath(formId), body);
    setBusy(false);
    if (!res.ok) {
      const fields = detailsByPath(res.error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split(".")[0], v])));
      return setFormError(res.error.message);
    }
    onDone(res.data);
  }

  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={editing ? "Edit webhook" : "New webhook"}>
      {formError && <Alert tone="danger">{formError}</Alert>}
      <Input
        label="Payload URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/formloom"
        hint="Formloom POSTs signed JSON here (Standard Webhooks). Private and loopback addresses are refused unless the server allows them."
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        autoFocus
        spellCheck={false}
      />
      <Input label="Description" hint="Optional, to recognise it in this list" value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} maxLength={200} />
      <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={errors.events ? "webhook-events-error" : undefined}>
        <legend className="field-label">Events</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <Checkbox
            key={e.value}
            label={<>{e.label} <code className="small">{e.value}</code></>}
            checked={events.includes(e.value)}
            onChange={(ev) => setEvents((list) => (ev.target.checked ? [...list, e.value] : list.filter((x) => x !== e.value)))}
          />
        ))}
        {errors.events && <span id="webhook-events-error" className="field-error" role="alert">{errors.events}</span>}
      </fieldset>
      <div className="row">
        <Button type="submit" loading={busy}>{editing ? "Save webhook" : "Create webhook"}</Button>
        <Button variant="ghost" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
