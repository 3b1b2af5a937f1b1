/**
 * A form's webhooks: create (the signing secret shown once), edit, enable or
 * disable, send a test ping, delete (with confirmation), and each webhook's
 * delivery log. Everything goes through the REST API (…/webhooks), the same
 * contract integrators use.
 */
"use client";

import { useCallback, useEffect, useState } from "react";
import { Alert, Badge, Button, Card, ConfirmDialog, CopyButton, EmptyState, LocalTime, useToast } from "@/components/ui";
import { GuardedButton } from "@/components/workspaces/role-context";
import { callApi } from "@/components/dashboard/api";
import { DeliveryLog } from "./delivery-log";
import { WebhookForm } from "./webhook-form";
import { WEBHOOK_EVENTS, webhookPath, type Webhook } from "./types";

const eventLabel = (value: string) => WEBHOOK_EVENTS.find((e) => e.value === value)?.label ?? value;

/** `retentionDays`: how long finished deliveries stay in the log (DELIVERY_LOG_RETENTION_DAYS; null: forever). */
export function WebhooksPanel({ formId, retentionDays }: { formId: string; retentionDays: number | null }) {
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  const load = useCallback(async () => {
    const res = await callApi<{ webhooks: Webhook[] }>("GET", webhookPath(formId));
    if (!res.ok) return setLoadError(res.error.message);
    setLoadError(null);
    setWebhooks(res.data.webhooks);
  }, [formId]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card
      title="Webhooks"
      titleAs="h2"
      data-testid="webhooks"
      actions={!creating && <GuardedButton action="manageWebhooks" size="sm" onClick={() => { setCreating(true); setSecret(null); }}>Add webhook</GuardedButton>}
    >
      <div className="stack">
        <p className="small muted" style={{ margin: 0 }}>
          Formloom POSTs each event as JSON, signed with the{" "}
          <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">Standard Webhooks</a> headers, and retries failed
          deliveries with backoff for about a day.
        </p>
        {secret && <SecretOnce {...secret} onHide={() => setSecret(null)} />}
        {creating && (
          <WebhookForm
            formId={formId}
            onCancel={() => setCreating(false)}
            onDone={({ webhook }) => {
              setCreating(false);
              if (webhook.secret) setSecret({ url: webhook.url, secret: webhook.secret });
              void load();
            }}
          />
        )}
        {loadError && <Alert tone="danger">{loadError}</Alert>}
        {webhooks === null && !loadError && <p className="small muted" role="status">Loading webhooks…</p>}
        {webhooks?.length === 0 && !creating && (
          <EmptyState headingLevel="h3" title="No webhooks" description="Add one to have responses pushed to your service as they arrive." />
        )}
        {webhooks && webhooks.length > 0 && (
          <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Webhooks">
            {webhooks.map((w) => (
              <WebhookItem key={w.id} formId={formId} webhook={w} retentionDays={retentionDays} onChanged={load} onSecret={(url, value) => setSecret({ url, secret: value })} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function SecretOnce({ url, secret, onHide }: { url: string; secret: string; onHide: () => void }) {
  return (
    <div className="stack-sm" data-testid="webhook-secret">
      <Alert tone="warning">
        <strong>Copy the signing secret now: you won't see it again.</strong> Your receiver verifies each delivery to{" "}
        <code>{url}</code> with it. If you lose it, rotate the secret.
      </Alert>
      <div className="row">
        <code className="input grow" data-testid="webhook-secret-value" style={{ display: "flex", alignItems: "center", overflowX: "auto", whiteSpace: "nowrap" }}>{secret}</code>
        <CopyButton value={secret} label="Copy secret" variant="primary" size="md" />
      </div>
      <div><Button variant="ghost" size="sm" onClick={onHide}>I have saved it — hide the secret</Button></div>
    </div>
  );
}

interface ItemProps {
  formId: string;
  webhook: Webhook;
  retentionDays: number | null;
  onChanged: () => Promise<void>;
  /** A new secret to show once (after a rotation). */
  onSecret: (url: string, secret: string) => void;
}

function WebhookItem({ formId, webhook: w, retentionDays, onChanged, onSecret }: ItemProps) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [logKey, setLogKey] = useState(0);
  const [busy, setBusy] = useState<"toggle" | "test" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [rotating, setRotating] = useState<"confirm" | "busy" | null>(null);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const path = webhookPath(formId, w.id);
  const name = w.description || w.url;

  async function toggle() {
    setBusy("toggle");
    const res = await callApi("PATCH", path, { enabled: !w.enabled });
    setBusy(null);
    if (!res.ok) return toast(res.error.message, "danger");
    toast(w.enabled ? "Webhook disabled" : "Webhook enabled");
    await onChanged();
  }

  async function sendTest() {
    setBusy("test");
    const res = await callApi("POST", `${path}/test`);
    setBusy(null);
    if (!res.ok) return toast(res.error.message, "danger");
    toast("Test event queued");
    setShowLog(true);
    setLogKey((k) => k + 1);
  }

  async function rotate() {
    setRotating("busy");
    setRotateError(null);
    const res = await callApi<{ webhook: Webhook & { secret: string } }>("POST", `${path}/rotate-secret`);
    if (!res.ok) {
      setRotating("confirm");
      return setRotateError(res.error.message);
    }
    setRotating(null);
    onSecret(res.data.webhook.url, res.data.webhook.secret);
  }

  async function remove() {
    setDeleting(true);
    setDeleteError(null);
    const res = await callApi("DELETE", path);
    setDeleting(false);
    if (!res.ok) return setDeleteError(res.error.message);
    setConfirming(false);
    toast("Webhook deleted");
    await onChanged();
  }

  return (
    <li className="card" data-testid="webhook" data-webhook-id={w.id} aria-label={`Webhook ${name}`}>
      <div className="card-body stack-sm">
        <div className="row-between">
          <div className="stack-sm" style={{ minWidth: 0 }}>
            <div className="row">
              <code className="mono" style={{ overflowWrap: "anywhere" }}>{w.url}</code>
              {w.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
            </div>
            {w.description && <span className="small">{w.description}</span>}
            <span className="small muted">
              {w.events.map(eventLabel).join(", ")} · created <LocalTime value={w.createdAt} />
            </span>
          </div>
        </div>
        {!w.enabled && (
          <Alert tone="warning">
            {w.disabledReason ? <>Disabled{w.disabledAt && <> on <LocalTime value={w.disabledAt} /></>}: {w.disabledReason}</> : "Disabled: no events are sent to it."}
          </Alert>
        )}
        {editing ? (
          <WebhookForm formId={formId} webhook={w} onCancel={() => setEditing(false)} onDone={() => { setEditing(false); toast("Webhook saved"); void onChanged(); }} />
        ) : (
          <div className="row" role="group" aria-label={`Actions for ${name}`}>
            <GuardedButton action="manageWebhooks" variant="secondary" size="sm" onClick={() => void sendTest()} loading={busy === "test"} disabled={!w.enabled}>Send test</GuardedButton>
            <Button variant="secondary" size="sm" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>{showLog ? "Hide deliveries" : "Deliveries"}</Button>
            <GuardedButton action="manageWebhooks" variant="ghost" size="sm" onClick={() => setEditing(true)}>Edit</GuardedButton>
            <GuardedButton action="manageWebhooks" variant="ghost" size="sm" onClick={() => void toggle()} loading={busy === "toggle"}>{w.enabled ? "Disable" : "Enable"}</GuardedButton>
            <GuardedButton action="manageWebhooks" variant="ghost" size="sm" onClick={() => setRotating("confirm")}>Rotate secret</GuardedButton>
            <GuardedButton action="manageWebhooks" variant="ghost" size="sm" onClick={() => setConfirming(true)}>Delete</GuardedButton>
          </div>
        )}
        {showLog && <DeliveryLog formId={formId} webhookId={w.id} refreshKey={logKey} retentionDays={retentionDays} />}
      </div>
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        description="You get a new secret, shown once. Deliveries are also signed with the old one for 24 hours, so you can switch your receiver over without losing any."
        confirmLabel="Rotate secret"
        tone="primary"
        busy={rotating === "busy"}
        error={rotateError}
        onConfirm={rotate}
        onCancel={() => { setRotating(null); setRotateError(null); }}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete this webhook?"
        description={`Events stop going to ${w.url}, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete webhook"
        busy={deleting}
        error={deleteError}
        onConfirm={remove}
        onCancel={() => { setConfirming(false); setDeleteError(null); }}
      />
    </li>
  );
}
