import { createApiKey, createKeySchema, listApiKeys } from "@/lib/auth/api-keys";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { chosenWorkspaceQuery } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "chosen",
  query: chosenWorkspaceQuery,
  handler: async ({ principal }) => ({ keys: await listApiKeys(principal) }),
});

export const POST = route({
  auth: "write",
  role: "viewer",
  workspace: "chosen",
  body: createKeySchema,
  status: 201,
  handler: async ({ principal, body }) => createApiKey(principal, body),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
