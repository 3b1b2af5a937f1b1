import { createApiKey, createKeySchema, listApiKeys } from "@/lib/auth/api-keys";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  handler: async ({ principal }) => ({ keys: await listApiKeys(principal.userId) }),
});

export const POST = route({
  auth: "write",
  body: createKeySchema,
  status: 201,
  handler: async ({ principal, body }) => createApiKey(principal.userId, body),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
