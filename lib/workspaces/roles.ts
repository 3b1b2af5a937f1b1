/**
 * Workspace roles, least to most. A route declares the least role it needs
 * (lib/http/route.ts); a caller below it gets 403 `forbidden`.
 *
 * - viewer: read forms, responses, analytics, export
 * - editor: + create, edit, publish, delete forms; delete responses; webhooks and notifications
 * - admin:  + members, invitations, everyone's API keys, the audit log
 * - owner:  + the workspace itself (rename, delete) and granting owner
 */
import { z } from "zod";

export const roles = ["viewer", "editor", "admin", "owner"] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

export const roleRank = (role: Role) => roles.indexOf(role);
export const atLeast = (role: Role, least: Role) => roleRank(role) >= roleRank(least);
export const lowerRole = (a: Role, b: Role): Role => (roleRank(a) <= roleRank(b) ? a : b);

/**
 * Who may hand out a role: admins and owners, up to their own role. An
 * invitation is only as good as this is for its sender at the moment it is
 * used (lib/workspaces/invitations.ts).
 */
export const mayGrant = (granter: Role, granted: Role) => atLeast(granter, "admin") && atLeast(granter, granted);

/** A stored role string; anything unexpected is the least role, never more. */
export const parseRole = (value: string): Role => ((roles as readonly string[]).includes(value) ? (value as Role) : "viewer");
