import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { updateWebhookSchema, webhookParams } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => getWebhook(principal, params.id, params.webhookId),
});

export const PATCH = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  body: updateWebhookSchema,
  handler: ({ principal, params, body }) => updateWebhook(principal, params.id, params.webhookId, body),
});

export const DELETE = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => deleteWebhook(principal, params.id, params.webhookId),
});

export const { OPTIONS, POST, PUT } = allowOnly({ GET, PATCH, DELETE });
