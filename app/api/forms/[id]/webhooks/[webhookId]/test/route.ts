import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { deliveryEnvelope } from "@/lib/openapi/shared-answers";
import { sendTestPing, TEST_PING_LIMIT } from "@/lib/webhooks/deliveries";
import { webhookParams } from "@/lib/webhooks/schemas";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: webhookParams,
  handler: ({ principal, params }) => sendTestPing(principal, params.id, params.webhookId),
  doc: {
    tag: "Webhooks",
    summary: "Send a test ping",
    description:
      "Sends a `ping` event (`data: { formId, webhookId }`) now; it is logged like any delivery. " +
      `At most ${TEST_PING_LIMIT} test pings per webhook per minute (fixed one-minute windows, shared by everyone who may send them); more are answered 429 \`rate_limited\` with \`Retry-After\`.`,
    success: { description: "The ping's delivery after the attempt", schema: deliveryEnvelope },
    errors: ["conflict", "rate_limited"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
