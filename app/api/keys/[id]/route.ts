import { keyIdParams, revokeApiKey } from "@/lib/auth/api-keys";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const DELETE = route({
  auth: "write",
  params: keyIdParams,
  handler: async ({ principal, params }) => revokeApiKey(principal.userId, params.id),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = allowOnly({ DELETE });
