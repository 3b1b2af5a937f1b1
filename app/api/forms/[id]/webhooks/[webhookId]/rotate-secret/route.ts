import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { webhookParams } from "@/lib/webhooks/schemas";
import { rotateWebhookSecret } from "@/lib/webhooks/webhooks";

export const POST = route({
  auth: "write",
  params: webhookParams,
  handler: ({ principal, params }) => rotateWebhookSecret(principal.userId, params.id, params.webhookId),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
