import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { sendTestPing } from "@/lib/webhooks/deliveries";
import { webhookParams } from "@/lib/webhooks/schemas";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => sendTestPing(principal, params.id, params.webhookId),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
