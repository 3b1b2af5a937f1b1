/**
 * Invitations: a single-use link valid INVITATION_TTL_MS (7 days). Only the
 * SHA-256 of its token is stored; the link is in the answer to the inviter
 * and, when SMTP is configured, in an email (its token sealed in the outbox
 * row like a webhook secret, lib/webhooks/secrets.ts). Accepting needs a
 * session of the invited email; an unknown, expired, used or revoked token,
 * or another account, is "not found" alike.
 *
 * An invitation grants no more than its sender may still grant: demoting the
 * sender revokes their pending invitations above their new role (all of them
 * below admin), removing them revokes all, each with an `invitation.revoked`
 * entry by whoever made the change. Using a link checks the sender's role
 * again, in the using transaction, so an invitation sent while its sender was
 * being demoted is refused too.
 */
import { createHash, randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { emailConfigured, dashboardOrigin } from "@/lib/email/config";
import { AppError, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { outboxWritten } from "@/lib/outbox/wake";
import { sealSecret } from "@/lib/webhooks/secrets";
import type { Actor } from "./actor";
import { alsoAudit, auditEntry, writeAudit, type AuditEntryData } from "./audit";
import { atLeast, mayGrant, parseRole, type Role } from "./roles";
import { personalWorkspaceCreate, serializeWorkspace } from "./workspaces";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const invitationUrl = (token: string) => `${dashboardOrigin()}/invite/${token}`;

type InvitationRow = { id: string; email: string; role: string; expiresAt: Date; createdAt: Date };
const serializeInvitation = (row: InvitationRow) => ({
  id: row.id,
  email: row.email,
  role: parseRole(row.role),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export async function createInvitation(actor: Actor, input: { email: string; role: Role }) {
  // Nobody hands out more than they have: an admin invites up to admin.
  if (!atLeast(actor.role, input.role)) throw new AppError("forbidden", `An ${actor.role} cannot invite an ${input.role}`);
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const id = newId();
  const audit = await auditEntry(actor, "member.invited", "invitation", id);
  const mailed = emailConfigured();
  const row = await db.$transaction(async (tx) => {
    const member = await tx.membership.findFirst({ where: { workspaceId: actor.workspaceId, user: { email } }, select: { userId: true } });
    if (member) throw new AppError("conflict", `${email} is already a member of this workspace`, [{ path: "email", message: "Already a member" }]);
    const created = await tx.invitation.create({
      data: { id, workspaceId: actor.workspaceId, email, role: input.role, tokenHash: hashToken(token), invitedById: actor.userId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
    });
    await writeAudit(tx, audit);
    if (mailed) {
      await tx.outboxMessage.create({
        data: {
          id: "msg_" + newId(now.getTime()),
          channel: "email",
          formId: null,
          event: "workspace.invitation",
          payload: JSON.stringify({ type: "workspace.invitation", invitationId: id, sealedToken: sealSecret(token) }),
          nextAttemptAt: now,
          createdAt: now,
        },
      });
    }
    return created;
  });
  if (mailed) outboxWritten("email");
  return { invitation: { ...serializeInvitation(row), url: invitationUrl(token), emailed: mailed } };
}

const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

export async function listInvitations(actor: Actor) {
  const rows = await db.invitation.findMany({
    where: { workspaceId: actor.workspaceId, ...pending(new Date()) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { invitations: rows.map(serializeInvitation) };
}

export async function revokeInvitation(actor: Actor, invitationId: string): Promise<void> {
  const audit = await auditEntry(actor, "invitation.revoked", "invitation", invitationId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({
      where: { id: invitationId, workspaceId: actor.workspaceId, ...pending(new Date()) },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw notFound("Invitation");
    await writeAudit(tx, audit);
  });
}

/**
 * In the transaction that changes a member's role (`role`) or removes them
 * (null): revokes the pending invitations they sent that they may no longer
 * grant, each audit-logged as a sibling of `change` (same actor and moment).
 */
export async function revokeUngrantableInvitations(tx: Tx, change: AuditEntryData, senderId: string, role: Role | null): Promise<void> {
  const now = new Date();
  const sent = await tx.invitation.findMany({ where: { workspaceId: change.workspaceId, invitedById: senderId, ...pending(now) }, select: { id: true, role: true } });
  const ids = sent.filter((i) => role === null || !mayGrant(role, parseRole(i.role))).map((i) => i.id);
  if (ids.length === 0) return;
  await tx.invitation.updateMany({ where: { id: { in: ids }, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
  for (const id of ids) await writeAudit(tx, alsoAudit(change, "invitation.revoked", "invitation", id));
}

/**
 * A pending invitation by its token, or null (unknown, expired, used or
 * revoked alike, or its sender may no longer grant its role).
 */
async function pendingByToken(token: string, tx: Tx = db) {
  const row = await tx.invitation.findFirst({
    where: { tokenHash: hashToken(token), ...pending(new Date()) },
    include: { workspace: { select: { id: true, name: true, personal: true } } },
  });
  if (!row) return null;
  const sender = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId: row.workspaceId, userId: row.invitedById } }, select: { role: true } });
  return sender && mayGrant(parseRole(sender.role), parseRole(row.role)) ? row : null;
}

/**
 * For the /invite/<token> page: what the link offers, and whether the
 * invited email has an account (sign in) or not (create one). Null: the
 * link is not (or no longer) valid.
 */
export async function describeInvitation(token: string) {
  const row = await pendingByToken(token);
  if (!row) return null;
  const account = await db.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return { workspaceName: row.workspace.name, email: row.email, role: parseRole(row.role), expiresAt: row.expiresAt.toISOString(), accountExists: account !== null };
}

/** Marks the invitation used and adds the membership, in the caller's transaction. */
async function join(tx: Tx, invitation: NonNullable<Awaited<ReturnType<typeof pendingByToken>>>, userId: string, ip: string | null) {
  const { count } = await tx.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: new Date() } });
  if (count === 0) throw notFound("Invitation");
  const existing = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId } }, select: { role: true } });
  // Already a member (joined through another link): the invitation is used up, the role stays.
  const role = existing ? parseRole(existing.role) : parseRole(invitation.role);
  if (!existing) {
    await tx.membership.create({ data: { workspaceId: invitation.workspaceId, userId, role } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await writeAudit(tx, {
      id: newId(), workspaceId: invitation.workspaceId, action: "member.joined", actorType: "user", actorId: userId, actorLabel: user.email,
      targetType: "member", targetId: userId, ip, createdAt: new Date(),
    });
  }
  return { workspace: serializeWorkspace(invitation.workspace, role) };
}

/** POST /api/invitations/:token/accept: the signed-in user joins, if the invitation is theirs. */
export async function acceptInvitation(userId: string, token: string, ip: string | null) {
  return db.$transaction(async (tx) => {
    const invitation = await pendingByToken(token, tx);
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    // Another account than the invited email is "not found" too: the link says nothing to it.
    if (!invitation || !user || user.email !== invitation.email) throw notFound("Invitation");
    return join(tx, invitation, userId, ip);
  });
}

/**
 * POST /api/invitations/:token/signup: creates the invited email's account
 * (even with ALLOW_SIGNUP off: the invitation is the permission) and joins,
 * in one transaction. The caller then signs in as usual.
 */
export async function signUpWithInvitation(token: string, password: string, hash: (p: string) => Promise<string>, ip: string | null) {
  // Checked before hashing (scrypt is slow): an invalid link costs nothing.
  if (!(await pendingByToken(token))) throw notFound("Invitation");
  const passwordHash = await hash(password);
  try {
    return await db.$transaction(async (tx) => {
      const invitation = await pendingByToken(token, tx);
      if (!invitation) throw notFound("Invitation");
      const id = newId();
      const user = await tx.user.create({ data: { id, email: invitation.email, passwordHash, memberships: personalWorkspaceCreate(id) }, select: { id: true, email: true } });
      return { user, ...(await join(tx, invitation, user.id, ip)) };
    });
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw new AppError("conflict", "An account with this email already exists; sign in and accept the invitation");
    throw error;
  }
}
