/**
 * One webhook's delivery log (GET …/webhooks/:id/deliveries, newest first):
 * status, attempts, the last status code, the next attempt, and per row the
 * last error and the kept body of the receiver's answer; Retry sends a
 * delivery again now. While anything is pending the log refreshes itself.
 * It says how long finished deliveries are kept (lib/outbox/retention.ts).
 */
"use client";

import { useCallback, useEffect, useState } from "react";
import { Alert, Badge, Button, LocalTime, Table, useToast, type BadgeTone } from "@/components/ui";
import { GuardedButton } from "@/components/workspaces/role-context";
import { callApi } from "@/components/dashboard/api";
import { webhookPath, type Delivery } from "./types";

const TONE: Record<Delivery["status"], BadgeTone> = { pending: "warning", succeeded: "success", failed: "danger" };
const LABEL: Record<Delivery["status"], string> = { pending: "Pending", succeeded: "Succeeded", failed: "Failed" };
const REFRESH_MS = 2_000;

const retentionText = (days: number | null) =>
  days === null ? "finished deliveries are never deleted" : `finished deliveries are kept ${days === 1 ? "1 day" : `${days} days`} after their last attempt`;

export function DeliveryLog({ formId, webhookId, refreshKey, retentionDays }: { formId: string; webhookId: string; refreshKey: number; retentionDays: number | null }) {
  const toast = useToast();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await callApi<{ deliveries: Delivery[] }>("GET", `${webhookPath(formId, webhookId)}/deliveries?limit=20`);
    if (!res.ok) return setError(res.error.message);
    setError(null);
    setDeliveries(res.data.deliveries);
  }, [formId, webhookId]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const pending = deliveries?.some((d) => d.status === "pending") ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, load]);

  async function retry(id: string) {
    setRetrying(id);
    const res = await callApi("POST", `${webhookPath(formId, webhookId)}/deliveries/${encodeURIComponent(id)}/retry`);
    setRetrying(null);
    if (!res.ok) return toast(res.error.message, "danger");
    toast("Sending it again");
    await load();
  }

  if (error) return <Alert tone="danger">{error}</Alert>;
  if (!deliveries) return <p className="small muted" role="status">Loading deliveries…</p>;
  if (deliveries.length === 0) return <p className="small muted" data-testid="deliveries-empty">No deliveries yet. Send a test to see one here.</p>;
  return (
    <div className="stack-sm">
      <div className="row-between">
        <span className="small muted" aria-live="polite">
          {pending ? "Some deliveries are pending; refreshing…" : deliveries.length === 1 ? "The latest delivery" : `The latest ${deliveries.length} deliveries`}
          {" · "}<span data-testid="delivery-retention">{retentionText(retentionDays)}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => void load()}>Refresh</Button>
      </div>
      <Table caption="Deliveries, newest first" data-testid="delivery-log">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">Attempts</th>
            <th scope="col" className="num">Last code</th>
            <th scope="col">Created</th>
            <th scope="col">Next attempt</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} delivery={d} open={open === d.id} onToggle={() => setOpen(open === d.id ? null : d.id)} onRetry={() => void retry(d.id)} retrying={retrying === d.id} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function DeliveryRow({ delivery: d, open, onToggle, onRetry, retrying }: { delivery: Delivery; open: boolean; onToggle: () => void; onRetry: () => void; retrying: boolean }) {
  const detailsId = `delivery-${d.id}-details`;
  return (
    <>
      <tr data-delivery-id={d.id} data-status={d.status}>
        <td><code>{d.event}</code></td>
        <td><Badge tone={TONE[d.status]}>{LABEL[d.status]}</Badge></td>
        <td className="num">{d.attempts}</td>
        <td className="num">{d.lastStatusCode ?? "—"}</td>
        <td><LocalTime value={d.createdAt} /></td>
        <td>{d.status === "pending" ? <LocalTime value={d.nextAttemptAt} fallback="now" /> : "—"}</td>
        <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>{open ? "Hide" : "Details"}</Button>
          <GuardedButton action="manageWebhooks" variant="secondary" size="sm" loading={retrying} onClick={onRetry} aria-label={`Retry delivery ${d.id}`}>Retry</GuardedButton>
        </td>
      </tr>
      {open && (
        <tr id={detailsId}>
          <td colSpan={7}>
            <dl className="small stack-sm" style={{ margin: 0 }}>
              <div><dt className="muted">Delivery id</dt><dd className="mono" style={{ margin: 0 }}>{d.id}</dd></div>
              {d.deliveredAt && <div><dt className="muted">Delivered</dt><dd style={{ margin: 0 }}><LocalTime value={d.deliveredAt} /></dd></div>}
              {d.lastError && <div><dt className="muted">Last error</dt><dd style={{ margin: 0 }}>{d.lastError}</dd></div>}
              <div>
                <dt className="muted">Receiver's answer (kept body)</dt>
                <dd style={{ margin: 0 }}>
                  {d.responseBody ? <pre className="mono" style={{ whiteSpace: "pre-wrap", maxHeight: 200, overflow: "auto", margin: 0 }}>{d.responseBody}</pre> : <span className="muted">none</span>}
                </dd>
              </div>
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}
