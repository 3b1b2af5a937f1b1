import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { createWebhookSchema } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

export const GET = route({
  auth: "read",
  params: formIdParams,
  handler: ({ principal, params }) => listWebhooks(principal.userId, params.id),
});

export const POST = route({
  auth: "write",
  params: formIdParams,
  body: createWebhookSchema,
  status: 201,
  handler: ({ principal, params, body }) => createWebhook(principal.userId, params.id, body),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
