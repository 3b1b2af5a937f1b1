import { keyIdParams, revokeApiKey } from "@/lib/auth/api-keys";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const DELETE = route({
  auth: "write",
  role: "viewer",
  workspace: "key",
  params: keyIdParams,
  status: 204,
  handler: async ({ principal, params }) => revokeApiKey(principal, params.id),
  doc: {
    tag: "API keys",
    summary: "Revoke an API key",
    description: "The key answers 401 from then on. A key may revoke itself. Admins and owners revoke any key of the workspace, other members their own.",
    success: { description: "Revoked" },
  },
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = allowOnly({ DELETE });
