import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { retryDelivery } from "@/lib/webhooks/deliveries";
import { deliveryParams } from "@/lib/webhooks/schemas";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: deliveryParams,
  handler: ({ principal, params }) => retryDelivery(principal, params.id, params.webhookId, params.deliveryId),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
