import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { deliveryListSchema, listDeliveriesQuerySchema, webhookParams } from "@/lib/webhooks/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: webhookParams,
  query: listDeliveriesQuerySchema,
  handler: ({ principal, params, query }) => listDeliveries(principal, params.id, params.webhookId, query),
  doc: {
    tag: "Webhooks",
    summary: "A webhook's delivery log",
    description: "Newest first, one page at a time. A finished delivery (succeeded or failed) is kept DELIVERY_LOG_RETENTION_DAYS (default 30) after its last attempt, then deleted; a pending one is never deleted.",
    success: { description: "One page of deliveries", schema: deliveryListSchema },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
