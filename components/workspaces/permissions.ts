/**
 * What the dashboard lets each workspace role do, and why not when it does
 * not: the same least roles the API declares beside its routes (a button the
 * API would answer 403 to is hidden or disabled with this reason). The API
 * stays the authority; this only keeps the pages honest about it.
 *
 *   const check = allows(role, "editForms");
 *   <Button disabled={!check.allowed} title={check.reason}>Publish</Button>
 */
import { atLeast, roleRank, roles, type Role } from "@/lib/workspaces/roles";

export type WorkspaceRole = Role;
export { atLeast };

export const roleLabels: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };

export const roleDescriptions: Record<WorkspaceRole, string> = {
  owner: "Everything, including renaming or deleting the workspace",
  admin: "Members, invitations, everyone's API keys and all forms",
  editor: "Create, edit, publish and delete forms; read responses; manage webhooks",
  viewer: "Read forms, responses and analytics; export",
};

/** The dashboard's actions, each with the least role its API routes declare. */
const leastRole = {
  editForms: "editor", // create, edit, duplicate, publish, unpublish, delete forms
  deleteResponses: "editor",
  restoreResponses: "editor", // "not spam" on a response held as suspected spam
  manageWebhooks: "editor",
  moveForms: "admin", // to another workspace (where the editor role is enough)
  manageMembers: "admin", // invite, revoke invitations, change roles, remove
  readAuditLog: "admin",
  manageAllKeys: "admin",
  manageWorkspace: "owner", // rename, delete
} as const satisfies Record<string, WorkspaceRole>;

export type WorkspaceAction = keyof typeof leastRole;

const reasons: Record<WorkspaceAction, string> = {
  editForms: "Viewers can read forms but not change them: ask an admin for the editor role.",
  deleteResponses: "Viewers can read responses but not delete them: ask an admin for the editor role.",
  restoreResponses: "Viewers can read held responses but not restore them: ask an admin for the editor role.",
  manageWebhooks: "Viewers can see webhooks and email notifications but not change them: ask an admin for the editor role.",
  moveForms: "Only admins and owners move a form to another workspace.",
  manageMembers: "Only admins and owners invite people and change members.",
  readAuditLog: "Only admins and owners read the audit log.",
  manageAllKeys: "Only admins and owners manage other members' keys.",
  manageWorkspace: "Only owners rename or delete the workspace.",
};

export type Permission = { allowed: true; reason?: undefined } | { allowed: false; reason: string };

export function allows(role: WorkspaceRole, action: WorkspaceAction): Permission {
  return atLeast(role, leastRole[action]) ? { allowed: true } : { allowed: false, reason: reasons[action] };
}

/** The roles a member with `role` may hand out, highest first (never above their own). */
export const assignableRoles = (role: WorkspaceRole): WorkspaceRole[] => roles.filter((r) => roleRank(r) <= roleRank(role)).reverse();
