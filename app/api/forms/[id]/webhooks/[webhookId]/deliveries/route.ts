import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { listDeliveriesQuerySchema, webhookParams } from "@/lib/webhooks/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: webhookParams,
  query: listDeliveriesQuerySchema,
  handler: ({ principal, params, query }) => listDeliveries(principal, params.id, params.webhookId, query),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
