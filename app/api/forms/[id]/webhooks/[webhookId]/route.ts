import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { updateWebhookSchema, webhookParams } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

export const GET = route({
  auth: "read",
  params: webhookParams,
  handler: ({ principal, params }) => getWebhook(principal.userId, params.id, params.webhookId),
});

export const PATCH = route({
  auth: "write",
  params: webhookParams,
  body: updateWebhookSchema,
  handler: ({ principal, params, body }) => updateWebhook(principal.userId, params.id, params.webhookId, body),
});

export const DELETE = route({
  auth: "write",
  params: webhookParams,
  handler: ({ principal, params }) => deleteWebhook(principal.userId, params.id, params.webhookId),
});

export const { OPTIONS, POST, PUT } = allowOnly({ GET, PATCH, DELETE });
