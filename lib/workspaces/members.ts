/**
 * Members of a workspace. The rules, checked inside the write's transaction:
 * - admins manage members below owner; only an owner grants or changes owner;
 * - anyone may leave (DELETE their own membership);
 * - the last owner can neither leave nor be demoted (409 `last_owner`);
 * - a personal workspace's user stays its owner (409 `personal_workspace`).
 * Removing a member deletes their API keys in the workspace (foreign key),
 * each audit-logged as `key.revoked`. A demotion or removal revokes the
 * member's pending invitations they may no longer grant (invitations.ts).
 */
import { db, type Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { Actor } from "./actor";
import { alsoAudit, auditEntry, writeAudit } from "./audit";
import { revokeUngrantableInvitations } from "./invitations";
import { atLeast, parseRole, type Role } from "./roles";

export async function listMembers(actor: Actor) {
  const rows = await db.membership.findMany({
    where: { workspaceId: actor.workspaceId },
    select: { userId: true, role: true, createdAt: true, user: { select: { email: true } } },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  // Accounts have no display name yet: `name` is null until they do.
  return { members: rows.map((m) => ({ userId: m.userId, email: m.user.email, name: null, role: parseRole(m.role), joinedAt: m.createdAt.toISOString() })) };
}

async function target(tx: Tx, actor: Actor, userId: string) {
  const row = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } },
    select: { role: true, workspace: { select: { personal: true } } },
  });
  if (!row) throw notFound("Member");
  return { role: parseRole(row.role), personalOfTarget: row.workspace.personal && userId === actor.workspaceId };
}

async function assertNotLastOwner(tx: Tx, workspaceId: string) {
  const owners = await tx.membership.count({ where: { workspaceId, role: "owner" } });
  if (owners <= 1) throw new AppError("last_owner", "A workspace needs an owner: make someone else owner first");
}

export async function changeMemberRole(actor: Actor, userId: string, role: Role) {
  const audit = await auditEntry(actor, "member.role_changed", "member", userId);
  return db.$transaction(async (tx) => {
    const current = await target(tx, actor, userId);
    if ((current.role === "owner" || role === "owner") && actor.role !== "owner") {
      throw new AppError("forbidden", "Only an owner can make someone owner or change an owner's role");
    }
    if (current.personalOfTarget && role !== "owner") throw new AppError("personal_workspace", "The user of a personal workspace stays its owner");
    if (current.role === role) return listMember(tx, actor.workspaceId, userId);
    if (current.role === "owner") await assertNotLastOwner(tx, actor.workspaceId);
    await tx.membership.update({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } }, data: { role } });
    await writeAudit(tx, audit);
    await revokeUngrantableInvitations(tx, audit, userId, role);
    return listMember(tx, actor.workspaceId, userId);
  });
}

async function listMember(tx: Tx, workspaceId: string, userId: string) {
  const m = await tx.membership.findUniqueOrThrow({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { userId: true, role: true, createdAt: true, user: { select: { email: true } } },
  });
  return { member: { userId: m.userId, email: m.user.email, name: null, role: parseRole(m.role), joinedAt: m.createdAt.toISOString() } };
}

export async function removeMember(actor: Actor, userId: string): Promise<void> {
  const leaving = userId === actor.userId;
  const audit = await auditEntry(actor, "member.removed", "member", userId);
  await db.$transaction(async (tx) => {
    const current = await target(tx, actor, userId);
    if (!leaving && !atLeast(actor.role, "admin")) throw new AppError("forbidden", "This needs the admin role in this workspace (anyone may leave)");
    if (!leaving && current.role === "owner" && actor.role !== "owner") throw new AppError("forbidden", "Only an owner can remove an owner");
    if (current.personalOfTarget) throw new AppError("personal_workspace", "The user of a personal workspace cannot leave it");
    if (current.role === "owner") await assertNotLastOwner(tx, actor.workspaceId);
    // Their keys go with the membership (foreign key): each is a revocation the log must show.
    const keys = await tx.apiKey.findMany({ where: { workspaceId: actor.workspaceId, userId, revokedAt: null }, select: { id: true } });
    await tx.membership.delete({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } } });
    await writeAudit(tx, audit);
    for (const key of keys) await writeAudit(tx, alsoAudit(audit, "key.revoked", "key", key.id));
    await revokeUngrantableInvitations(tx, audit, userId, null);
  });
}
