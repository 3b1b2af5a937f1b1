/** Workspaces themselves: list, create, rename, delete (lib/workspaces/roles.ts says who may). */
import { db } from "@/lib/db/client";
import { purgeFormFiles } from "@/lib/files/lifecycle";
import { AppError, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { Caller } from "./access";
import type { Actor } from "./actor";
import { auditEntry, writeAudit } from "./audit";
import { lowerRole, parseRole, type Role } from "./roles";

export const PERSONAL_WORKSPACE_NAME = "Personal";

/**
 * What creates a user's personal workspace, nested in the user's create:
 * its id is the user's id, its user its owner.
 */
export const personalWorkspaceCreate = (userId: string) => ({
  create: { role: "owner", workspace: { create: { id: userId, name: PERSONAL_WORKSPACE_NAME, personal: true } } },
});

type WorkspaceRow = { id: string; name: string; personal: boolean };
export const serializeWorkspace = (w: WorkspaceRow, role: Role) => ({ id: w.id, name: w.name, personal: w.personal, role });

/**
 * The caller's workspaces with their role in each: the personal one first,
 * then by name. An API key sees only its own workspace (its role capped as on every request).
 */
export async function listWorkspaces(caller: Caller) {
  const rows = await db.membership.findMany({
    where: { userId: caller.userId, ...(caller.key && { workspaceId: caller.key.workspaceId }) },
    select: { role: true, workspace: { select: { id: true, name: true, personal: true } } },
  });
  return rows
    .map((m) => serializeWorkspace(m.workspace, caller.key?.scope === "read" ? lowerRole(parseRole(m.role), "viewer") : parseRole(m.role)))
    .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** A new team workspace; its creator is its owner. */
export async function createWorkspace(userId: string, input: { name: string }) {
  const row = await db.workspace.create({
    data: { id: newId(), name: input.name, memberships: { create: { userId, role: "owner" } } },
  });
  return { workspace: serializeWorkspace(row, "owner") };
}

export async function renameWorkspace(actor: Actor, input: { name: string }) {
  const audit = await auditEntry(actor, "workspace.renamed", "workspace", actor.workspaceId);
  const row = await db.$transaction(async (tx) => {
    const renamed = await tx.workspace.update({ where: { id: actor.workspaceId }, data: { name: input.name } });
    await writeAudit(tx, audit);
    return renamed;
  });
  return { workspace: serializeWorkspace(row, actor.role) };
}

/**
 * Deletes the workspace with everything in it (forms with their responses
 * and files, webhooks, keys, invitations, the audit log). A personal
 * workspace is refused: every user keeps one.
 */
export async function deleteWorkspace(actor: Actor): Promise<void> {
  const ws = await db.workspace.findUnique({ where: { id: actor.workspaceId }, select: { personal: true } });
  if (!ws) throw notFound("Workspace");
  if (ws.personal) throw new AppError("personal_workspace", "A personal workspace cannot be deleted");
  const forms = await db.form.findMany({ where: { workspaceId: actor.workspaceId }, select: { id: true } });
  await db.workspace.deleteMany({ where: { id: actor.workspaceId, personal: false } });
  // Stored files outlive their rows until purged (the sweep retries any left behind).
  for (const form of forms) await purgeFormFiles(form.id);
}

