import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { createInvitation, listInvitations } from "@/lib/workspaces/invitations";
import { createInvitationSchema, workspaceParams } from "@/lib/workspaces/schemas";

// Pending invitations (not used, revoked or expired).
export const GET = route({
  auth: "read",
  role: "admin",
  workspace: "workspace",
  params: workspaceParams,
  handler: ({ principal }) => listInvitations(principal),
});

export const POST = route({
  auth: "write",
  role: "admin",
  workspace: "workspace",
  params: workspaceParams,
  body: createInvitationSchema,
  status: 201,
  handler: ({ principal, body }) => createInvitation(principal, body),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
