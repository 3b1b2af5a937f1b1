import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/workspaces/invitations";
import { invitationParams } from "@/lib/workspaces/schemas";

export const DELETE = route({
  auth: "write",
  role: "admin",
  workspace: "workspace",
  params: invitationParams,
  handler: ({ principal, params }) => revokeInvitation(principal, params.invitationId),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = allowOnly({ DELETE });
