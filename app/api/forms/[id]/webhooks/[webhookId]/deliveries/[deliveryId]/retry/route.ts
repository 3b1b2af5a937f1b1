import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { deliveryEnvelope } from "@/lib/openapi/shared-answers";
import { retryDelivery } from "@/lib/webhooks/deliveries";
import { deliveryParams } from "@/lib/webhooks/schemas";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: deliveryParams,
  handler: ({ principal, params }) => retryDelivery(principal, params.id, params.webhookId, params.deliveryId),
  doc: {
    tag: "Webhooks",
    summary: "Send a delivery again now",
    description: "Sends the same body with the same `webhook-id` now, whatever its status, and answers the delivery after that attempt.",
    success: { description: "The delivery after the attempt", schema: deliveryEnvelope },
    errors: ["conflict"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
