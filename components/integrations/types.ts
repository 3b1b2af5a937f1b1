/** The webhook API's objects as the dashboard reads them (the webhook routes' contract). */
export const WEBHOOK_EVENTS = [
  { value: "response.finished", label: "Response finished" },
  { value: "response.deleted", label: "Response deleted" },
  { value: "form.published", label: "Form published" },
  { value: "form.unpublished", label: "Form unpublished" },
] as const;

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  createdAt: string;
  /** Why the server disabled it (410 Gone, failing for days), when it did. */
  disabledReason?: string | null;
  disabledAt?: string | null;
}

export interface Delivery {
  id: string;
  event: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** The first few KB of the receiver's last answer. */
  responseBody?: string | null;
}

export const webhookPath = (formId: string, webhookId?: string) =>
  `/api/forms/${encodeURIComponent(formId)}/webhooks${webhookId ? `/${encodeURIComponent(webhookId)}` : ""}`;
