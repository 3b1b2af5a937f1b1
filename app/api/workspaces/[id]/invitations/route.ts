import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { createInvitation, listInvitations } from "@/lib/workspaces/invitations";
import { createInvitationSchema, invitationCreatedSchema, invitationSchema, workspaceParams } from "@/lib/workspaces/schemas";

// Pending invitations (not used, revoked or expired).
export const GET = route({
  auth: "read",
  role: "admin",
  workspace: "workspace",
  params: workspaceParams,
  handler: ({ principal }) => listInvitations(principal),
  doc: {
    tag: "Workspaces",
    summary: "List pending invitations",
    description: "Not yet used, revoked or expired; newest first. Never the link (it is shown once).",
    success: { description: "The invitations", schema: z.strictObject({ invitations: z.array(invitationSchema) }) },
  },
});

export const POST = route({
  auth: "write",
  role: "admin",
  workspace: "workspace",
  params: workspaceParams,
  body: createInvitationSchema,
  status: 201,
  handler: ({ principal, body }) => createInvitation(principal, body),
  doc: {
    tag: "Workspaces",
    summary: "Invite someone by email",
    description:
      "A single-use link valid 7 days, in this answer (`url`, ending in /invite/<token>) and, when SMTP is configured, emailed. " +
      "Nobody invites above their own role. An email that is already a member: 409 `conflict`.",
    success: { description: "The invitation with its link", schema: z.strictObject({ invitation: invitationCreatedSchema }) },
    errors: ["conflict"],
  },
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
