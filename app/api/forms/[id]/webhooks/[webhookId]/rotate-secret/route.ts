import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { webhookParams } from "@/lib/webhooks/schemas";
import { rotateWebhookSecret } from "@/lib/webhooks/webhooks";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => rotateWebhookSecret(principal, params.id, params.webhookId),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
