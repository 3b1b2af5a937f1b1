/** Workspaces, members, invitations and the audit log (issue 16). */
import { z } from "zod";
import {
  auditEntrySchema, auditLogQuerySchema, createInvitationSchema, createWorkspaceSchema, invitationCreatedSchema, invitationParams,
  invitationSchema, invitationSignupSchema, invitationTokenParams, memberParams, memberSchema, paginationSchema, updateMemberSchema,
  updateWorkspaceSchema, workspaceParams, workspaceSchema,
} from "@/lib/workspaces/schemas";
import type { Endpoint } from "./endpoint";

const workspaceEnvelope = z.strictObject({ workspace: workspaceSchema });
const tag = "Workspaces";

export const workspaceEndpoints: Endpoint[] = [
  {
    method: "GET", path: "/api/workspaces", tag, auth: "read", role: null,
    summary: "List your workspaces",
    description: "Every workspace you are a member of, with your role (the personal one first). An API key sees only its own workspace.",
    success: { status: 200, description: "The workspaces", schema: z.strictObject({ workspaces: z.array(workspaceSchema) }) },
  },
  {
    method: "POST", path: "/api/workspaces", tag, auth: "session", role: null,
    summary: "Create a workspace",
    description: "A team workspace; you are its owner. Dashboard session only (a key acts only in its own workspace).",
    body: createWorkspaceSchema,
    success: { status: 201, description: "The new workspace", schema: workspaceEnvelope },
  },
  {
    method: "PATCH", path: "/api/workspaces/{id}", tag, auth: "write", role: "owner",
    summary: "Rename a workspace",
    params: workspaceParams,
    body: updateWorkspaceSchema,
    success: { status: 200, description: "The workspace", schema: workspaceEnvelope },
  },
  {
    method: "DELETE", path: "/api/workspaces/{id}", tag, auth: "write", role: "owner",
    summary: "Delete a workspace",
    description: "Deletes the workspace with its forms, responses, files, webhooks, keys, invitations and audit log. A personal workspace cannot be deleted (409 `personal_workspace`).",
    params: workspaceParams,
    success: { status: 204, description: "Deleted" },
    errors: ["personal_workspace"],
  },
  {
    method: "GET", path: "/api/workspaces/{id}/members", tag, auth: "read", role: "viewer",
    summary: "List members",
    description: "Oldest member first. `name` is null (accounts have no display name yet).",
    params: workspaceParams,
    success: { status: 200, description: "The members", schema: z.strictObject({ members: z.array(memberSchema) }) },
  },
  {
    method: "PATCH", path: "/api/workspaces/{id}/members/{userId}", tag, auth: "write", role: "admin",
    summary: "Change a member's role",
    description:
      "Only an owner makes someone owner or changes an owner's role. The last owner cannot be demoted (409 `last_owner`); " +
      "the user of a personal workspace stays its owner (409 `personal_workspace`).",
    params: memberParams,
    body: updateMemberSchema,
    success: { status: 200, description: "The member", schema: z.strictObject({ member: memberSchema }) },
    errors: ["last_owner", "personal_workspace"],
  },
  {
    method: "DELETE", path: "/api/workspaces/{id}/members/{userId}", tag, auth: "write", role: "viewer",
    summary: "Remove a member, or leave",
    description:
      "Any member may remove themselves (leave); removing someone else needs admin (an owner: owner). The last owner cannot leave " +
      "(409 `last_owner`), nor the user of a personal workspace (409 `personal_workspace`). The member's API keys in the workspace are deleted.",
    params: memberParams,
    success: { status: 204, description: "Removed" },
    errors: ["last_owner", "personal_workspace"],
  },
  {
    method: "GET", path: "/api/workspaces/{id}/invitations", tag, auth: "read", role: "admin",
    summary: "List pending invitations",
    description: "Not yet used, revoked or expired; newest first. Never the link (it is shown once).",
    params: workspaceParams,
    success: { status: 200, description: "The invitations", schema: z.strictObject({ invitations: z.array(invitationSchema) }) },
  },
  {
    method: "POST", path: "/api/workspaces/{id}/invitations", tag, auth: "write", role: "admin",
    summary: "Invite someone by email",
    description:
      "A single-use link valid 7 days, in this answer (`url`, ending in /invite/<token>) and, when SMTP is configured, emailed. " +
      "Nobody invites above their own role. An email that is already a member: 409 `conflict`.",
    params: workspaceParams,
    body: createInvitationSchema,
    success: { status: 201, description: "The invitation with its link", schema: z.strictObject({ invitation: invitationCreatedSchema }) },
    errors: ["conflict"],
  },
  {
    method: "DELETE", path: "/api/workspaces/{id}/invitations/{invitationId}", tag, auth: "write", role: "admin",
    summary: "Revoke an invitation",
    description: "Its link answers 404 from then on.",
    params: invitationParams,
    success: { status: 204, description: "Revoked" },
  },
  {
    method: "GET", path: "/api/workspaces/{id}/audit-log", tag, auth: "read", role: "admin",
    summary: "Read the audit log",
    description:
      "Who did what, newest first, in pages. Actions: form.created, form.published, form.schema_published (a published form publishes a " +
      "new version), form.unpublished, form.deleted, response.deleted, responses.exported, webhook.created|updated|deleted, member.invited, " +
      "member.joined, member.role_changed, member.removed, key.created, key.revoked.",
    params: workspaceParams,
    query: auditLogQuerySchema,
    success: { status: 200, description: "A page of entries", schema: z.strictObject({ entries: z.array(auditEntrySchema), pagination: paginationSchema }) },
  },
  {
    method: "POST", path: "/api/invitations/{token}/accept", tag, auth: "session", role: null,
    summary: "Accept an invitation",
    description: "With the invited email's dashboard session. Another account, or an expired, used or revoked link: 404.",
    params: invitationTokenParams,
    success: { status: 200, description: "The workspace joined", schema: workspaceEnvelope },
  },
  {
    method: "POST", path: "/api/invitations/{token}/signup", tag, auth: "public",
    summary: "Create an account through an invitation",
    description:
      "Creates the invited email's account (with its personal workspace) and joins, even when open sign-up is off; then sign in as usual. " +
      "An invalid link: 404; an email that already has an account: 409 `conflict` (sign in and accept instead).",
    params: invitationTokenParams,
    body: invitationSignupSchema,
    success: {
      status: 201,
      description: "The account and the workspace joined",
      schema: z.strictObject({ user: z.strictObject({ id: z.string(), email: z.string() }), workspace: workspaceSchema }),
    },
    errors: ["conflict", "not_found"],
  },
];
