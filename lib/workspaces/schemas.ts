/** Input and output schemas of the workspace API (validation and the OpenAPI document). */
import { z } from "zod";
import { nonBlankText } from "@/lib/schema/constraints";
import { newPasswordSchema } from "@/lib/auth/password-policy";
import { auditActions } from "./audit-actions";
import { roles } from "./roles";

export const workspaceIdSchema = z.string().min(1).max(64);
export const workspaceParams = z.strictObject({ id: workspaceIdSchema });
export const memberParams = z.strictObject({ id: workspaceIdSchema, userId: z.string().min(1).max(64) });
export const invitationParams = z.strictObject({ id: workspaceIdSchema, invitationId: z.string().min(1).max(64) });
export const invitationTokenParams = z.strictObject({ token: z.string().min(1).max(128) });

/** `workspaceId` in the query (GET /api/forms, GET /api/keys with a session). */
export const chosenWorkspaceQuery = z
  .strictObject({ workspaceId: workspaceIdSchema.optional().describe("A workspace you are a member of (default: your personal workspace; with an API key: the key's)") })
  .meta({ id: "ChosenWorkspaceQuery" });

const roleField = z.enum(roles).describe("owner | admin | editor | viewer");
const workspaceName = nonBlankText("Give the workspace a name").max(100);

export const createWorkspaceSchema = z.strictObject({ name: workspaceName }).meta({ id: "CreateWorkspaceInput" });
export const updateWorkspaceSchema = z.strictObject({ name: workspaceName }).meta({ id: "UpdateWorkspaceInput" });
export const updateMemberSchema = z.strictObject({ role: roleField }).meta({ id: "UpdateMemberInput" });
export const createInvitationSchema = z
  .strictObject({ email: z.email().max(254).transform((e) => e.toLowerCase()), role: roleField })
  .meta({ id: "CreateInvitationInput" });
export const invitationSignupSchema = z
  .strictObject({ password: newPasswordSchema.describe("The new account's password (the email is the invitation's): 8 characters besides spaces and invisible ones, not one of the most common passwords") })
  .meta({ id: "InvitationSignupInput" });

const positiveInt = (max: number) => z.coerce.number().int("Use a whole number").min(1).max(max);
export const AUDIT_PAGE_MAX = 100;
export const auditLogQuerySchema = z
  .strictObject({
    limit: positiveInt(AUDIT_PAGE_MAX).default(50).describe(`Entries per page, 1..${AUDIT_PAGE_MAX}`),
    page: positiveInt(1_000_000).default(1).describe("1-based page number; a page past the end is empty"),
    action: z.enum(auditActions).optional().describe("Only this action"),
    actor: z.string().min(1).max(64).optional().describe("Only this actor's entries (a user id or an API key id)"),
    from: z.iso.datetime({ offset: true }).optional().describe("Entries at or after this instant"),
    to: z.iso.datetime({ offset: true }).optional().describe("Entries before this instant"),
  })
  .meta({ id: "AuditLogQuery" });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const workspaceSchema = z.strictObject({ id: z.string(), name: z.string(), personal: z.boolean(), role: roleField }).meta({ id: "Workspace" });
export const memberSchema = z
  .strictObject({ userId: z.string(), email: z.string(), name: z.string().nullable(), role: roleField, joinedAt: z.string() })
  .meta({ id: "Member" });
export const invitationSchema = z
  .strictObject({ id: z.string(), email: z.string(), role: roleField, expiresAt: z.string(), createdAt: z.string() })
  .meta({ id: "Invitation" });
export const invitationCreatedSchema = invitationSchema.extend({
  url: z.string().describe("The single-use link, ending in /invite/<token>; shown once"),
  emailed: z.boolean().describe("true: the link is also on its way by email (SMTP is configured); false: send it yourself"),
}).meta({ id: "InvitationCreated" });
export const auditEntrySchema = z
  .strictObject({
    id: z.string(),
    action: z.enum(auditActions),
    actor: z.strictObject({ type: z.enum(["user", "key"]), id: z.string(), label: z.string() }),
    target: z.strictObject({ type: z.string(), id: z.string() }),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "AuditLogEntry" });
export const paginationSchema = z.strictObject({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() });
