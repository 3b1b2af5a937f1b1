import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { createWebhookSchema } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  handler: ({ principal, params }) => listWebhooks(principal, params.id),
});

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: createWebhookSchema,
  status: 201,
  handler: ({ principal, params, body }) => createWebhook(principal, params.id, body),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
