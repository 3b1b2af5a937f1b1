import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/workspaces/invitations";
import { invitationParams } from "@/lib/workspaces/schemas";

export const DELETE = route({
  auth: "write",
  role: "admin",
  workspace: "workspace",
  params: invitationParams,
  status: 204,
  handler: ({ principal, params }) => revokeInvitation(principal, params.invitationId),
  doc: {
    tag: "Workspaces",
    summary: "Revoke an invitation",
    description: "Its link answers 404 from then on.",
    success: { description: "Revoked" },
  },
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = allowOnly({ DELETE });
