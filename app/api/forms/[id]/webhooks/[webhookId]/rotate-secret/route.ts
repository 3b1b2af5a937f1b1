import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { webhookWithSecretEnvelope } from "@/lib/openapi/shared-answers";
import { webhookParams } from "@/lib/webhooks/schemas";
import { rotateWebhookSecret } from "@/lib/webhooks/webhooks";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => rotateWebhookSecret(principal, params.id, params.webhookId),
  doc: {
    tag: "Webhooks",
    summary: "Rotate a webhook's secret",
    description: "The new secret is shown only here. For 24 hours deliveries carry two signatures (new and old secret), so a receiver can switch without losing a message.",
    success: { description: "The webhook with its new secret", schema: webhookWithSecretEnvelope },
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
