import { z } from "zod";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { webhookWithSecretEnvelope } from "@/lib/openapi/shared-answers";
import { createWebhookSchema, webhookSchema } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  handler: ({ principal, params }) => listWebhooks(principal, params.id),
  doc: {
    tag: "Webhooks",
    summary: "List a form's webhooks",
    success: { description: "The webhooks (no secrets)", schema: z.strictObject({ webhooks: z.array(webhookSchema) }) },
  },
});

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: createWebhookSchema,
  status: 201,
  handler: ({ principal, params, body }) => createWebhook(principal, params.id, body),
  doc: {
    tag: "Webhooks",
    summary: "Create a webhook",
    description:
      "Each event is POSTed as `{ type, timestamp, data: { formId, response?, form? } }` with the Standard Webhooks headers " +
      "`webhook-id` (the same on every retry), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of " +
      "id.timestamp.body>`). Events: `response.finished` (default), `response.deleted`, `form.published`, `form.unpublished`. " +
      "Failures (non-2xx, timeout after 15 s, connection error, redirect) are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, " +
      "10 h (±10 %), then failed; 410 Gone disables the webhook, and so do 5 days of failures. The `secret` is shown only here.",
    success: { description: "The webhook with its secret", schema: webhookWithSecretEnvelope },
    errors: ["conflict"],
  },
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
