import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { updateWebhookSchema, webhookParams, webhookSchema } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

const webhookEnvelope = z.strictObject({ webhook: webhookSchema });

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => getWebhook(principal, params.id, params.webhookId),
  doc: {
    tag: "Webhooks",
    summary: "Get a webhook",
    success: { description: "The webhook (no secret)", schema: webhookEnvelope },
  },
});

export const PATCH = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  body: updateWebhookSchema,
  handler: ({ principal, params, body }) => updateWebhook(principal, params.id, params.webhookId, body),
  doc: {
    tag: "Webhooks",
    summary: "Change a webhook",
    description: "`enabled: true` re-enables a disabled webhook: deliveries held while it was disabled resume.",
    success: { description: "The webhook", schema: webhookEnvelope },
  },
});

export const DELETE = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  status: 204,
  handler: ({ principal, params }) => deleteWebhook(principal, params.id, params.webhookId),
  doc: {
    tag: "Webhooks",
    summary: "Delete a webhook",
    description: "Its delivery log and pending deliveries go with it.",
    success: { description: "Deleted" },
  },
});

export const { OPTIONS, POST, PUT } = allowOnly({ GET, PATCH, DELETE });
