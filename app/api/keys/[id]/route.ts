import { keyIdParams, revokeApiKey } from "@/lib/auth/api-keys";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const DELETE = route({
  auth: "write",
  role: "viewer",
  workspace: "key",
  params: keyIdParams,
  handler: async ({ principal, params }) => revokeApiKey(principal, params.id),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = allowOnly({ DELETE });
