import { z } from "zod";
import { createApiKey, createKeySchema, listApiKeys } from "@/lib/auth/api-keys";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { apiKeyCreatedSchema, apiKeySchema } from "@/lib/openapi/owner-schemas";
import { chosenWorkspaceQuery } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "chosen",
  query: chosenWorkspaceQuery,
  handler: async ({ principal }) => ({ keys: await listApiKeys(principal) }),
  doc: {
    tag: "API keys",
    summary: "List API keys",
    description: "Active keys of the workspace (a key: its own; a session: `workspaceId`, default personal), newest first; never the secret. Admins and owners see everyone's keys, other members their own. Revoked keys are not listed.",
    success: { description: "The keys", schema: z.strictObject({ keys: z.array(apiKeySchema) }) },
  },
});

export const POST = route({
  auth: "write",
  role: "viewer",
  workspace: "chosen",
  body: createKeySchema,
  status: 201,
  handler: async ({ principal, body }) => createApiKey(principal, body),
  doc: {
    tag: "API keys",
    summary: "Create an API key",
    description:
      "The full key is in this response only; the service keeps its SHA-256 hash. Scope read allows GET requests only. The key acts in " +
      "`workspaceId` (default: your personal workspace) with your role there (a read key at most as a viewer), and stops working when you leave it.",
    success: { description: "The key, with its secret", schema: apiKeyCreatedSchema },
  },
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
