/** Webhooks of a form (issue 14): management, the delivery log, retry and test. */
import { z } from "zod";
import { formIdParams } from "@/lib/forms/settings";
import {
  createWebhookSchema, deliveryListSchema, deliveryParams, deliverySchema, listDeliveriesQuerySchema, updateWebhookSchema,
  webhookParams, webhookSchema, webhookWithSecretSchema,
} from "@/lib/webhooks/schemas";
import type { Endpoint } from "./endpoint";

const one = z.strictObject({ webhook: webhookSchema });
const withSecret = z.strictObject({ webhook: webhookWithSecretSchema });
const delivery = z.strictObject({ delivery: deliverySchema });

export const webhookEndpoints: Endpoint[] = [
  {
    method: "POST", path: "/api/forms/{id}/webhooks", tag: "Webhooks", auth: "write", role: "editor",
    summary: "Create a webhook",
    description:
      "Each event is POSTed as `{ type, timestamp, data: { formId, response?, form? } }` with the Standard Webhooks headers " +
      "`webhook-id` (the same on every retry), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of " +
      "id.timestamp.body>`). Events: `response.finished` (default), `response.deleted`, `form.published`, `form.unpublished`. " +
      "Failures (non-2xx, timeout after 15 s, connection error, redirect) are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, " +
      "10 h (±10 %), then failed; 410 Gone disables the webhook, and so do 5 days of failures. The `secret` is shown only here.",
    params: formIdParams,
    body: createWebhookSchema,
    success: { status: 201, description: "The webhook with its secret", schema: withSecret },
    errors: ["conflict"],
  },
  {
    method: "GET", path: "/api/forms/{id}/webhooks", tag: "Webhooks", auth: "read", role: "viewer",
    summary: "List a form's webhooks",
    params: formIdParams,
    success: { status: 200, description: "The webhooks (no secrets)", schema: z.strictObject({ webhooks: z.array(webhookSchema) }) },
  },
  {
    method: "GET", path: "/api/forms/{id}/webhooks/{webhookId}", tag: "Webhooks", auth: "read", role: "viewer",
    summary: "Get a webhook",
    params: webhookParams,
    success: { status: 200, description: "The webhook (no secret)", schema: one },
  },
  {
    method: "PATCH", path: "/api/forms/{id}/webhooks/{webhookId}", tag: "Webhooks", auth: "write", role: "editor",
    summary: "Change a webhook",
    description: "`enabled: true` re-enables a disabled webhook: deliveries held while it was disabled resume.",
    params: webhookParams,
    body: updateWebhookSchema,
    success: { status: 200, description: "The webhook", schema: one },
  },
  {
    method: "DELETE", path: "/api/forms/{id}/webhooks/{webhookId}", tag: "Webhooks", auth: "write", role: "editor",
    summary: "Delete a webhook",
    description: "Its delivery log and pending deliveries go with it.",
    params: webhookParams,
    success: { status: 204, description: "Deleted" },
  },
  {
    method: "POST", path: "/api/forms/{id}/webhooks/{webhookId}/rotate-secret", tag: "Webhooks", auth: "write", role: "editor",
    summary: "Rotate a webhook's secret",
    description: "The new secret is shown only here. For 24 hours deliveries carry two signatures (new and old secret), so a receiver can switch without losing a message.",
    params: webhookParams,
    success: { status: 200, description: "The webhook with its new secret", schema: withSecret },
  },
  {
    method: "GET", path: "/api/forms/{id}/webhooks/{webhookId}/deliveries", tag: "Webhooks", auth: "read", role: "viewer",
    summary: "A webhook's delivery log",
    description: "Newest first, one page at a time.",
    params: webhookParams,
    query: listDeliveriesQuerySchema,
    success: { status: 200, description: "One page of deliveries", schema: deliveryListSchema },
  },
  {
    method: "POST", path: "/api/forms/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/retry", tag: "Webhooks", auth: "write", role: "editor",
    summary: "Send a delivery again now",
    description: "Sends the same body with the same `webhook-id` now, whatever its status, and answers the delivery after that attempt.",
    params: deliveryParams,
    success: { status: 200, description: "The delivery after the attempt", schema: delivery },
    errors: ["conflict"],
  },
  {
    method: "POST", path: "/api/forms/{id}/webhooks/{webhookId}/test", tag: "Webhooks", auth: "write", role: "editor",
    summary: "Send a test ping",
    description: "Sends a `ping` event (`data: { formId, webhookId }`) now; it is logged like any delivery.",
    params: webhookParams,
    success: { status: 200, description: "The ping's delivery after the attempt", schema: delivery },
    errors: ["conflict"],
  },
];
