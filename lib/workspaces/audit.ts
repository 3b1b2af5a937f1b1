/**
 * The audit log: who did what in a workspace. Append-only — entries are
 * written in the same transaction as the change they tell of (so a change
 * that commits is always logged, and a rolled-back one never), and nothing
 * updates or deletes them.
 */
import { db, type Tx } from "@/lib/db/client";
import { exec, sql, type RawWork } from "@/lib/db/raw";
import { newId } from "@/lib/ids";
import type { Actor } from "./actor";

export { auditActions, type AuditAction } from "./audit-actions";
import type { AuditAction } from "./audit-actions";

export type AuditTargetType = "form" | "response" | "webhook" | "invitation" | "member" | "key" | "workspace";

export interface AuditEntryData {
  id: string;
  workspaceId: string;
  action: AuditAction;
  actorType: "user" | "key";
  actorId: string;
  actorLabel: string;
  targetType: AuditTargetType;
  targetId: string;
  ip: string | null;
  createdAt: Date;
}

/**
 * The row to write, built before the transaction (the user's email is read
 * here, so the write itself is one INSERT on either path).
 */
export async function auditEntry(actor: Actor, action: AuditAction, targetType: AuditTargetType, targetId: string): Promise<AuditEntryData> {
  const byKey = actor.keyId !== null;
  const label = byKey
    ? (actor.keyLabel ?? "API key")
    : ((await db.user.findUnique({ where: { id: actor.userId }, select: { email: true } }))?.email ?? actor.userId);
  return {
    id: newId(),
    workspaceId: actor.workspaceId,
    action,
    actorType: byKey ? "key" : "user",
    actorId: byKey ? actor.keyId! : actor.userId,
    actorLabel: label,
    targetType,
    targetId,
    ip: actor.ip,
    createdAt: new Date(),
  };
}

/** Another entry by the same actor at the same moment (one change that tells of several targets). */
export const alsoAudit = (entry: AuditEntryData, action: AuditAction, targetType: AuditTargetType, targetId: string): AuditEntryData => ({
  ...entry, id: newId(), action, targetType, targetId,
});

/** Inside a Prisma transaction. */
export async function writeAudit(tx: Tx, entry: AuditEntryData): Promise<void> {
  await tx.auditLogEntry.create({ data: entry });
}

/** Inside a raw transaction (lib/db/raw.ts). */
export function* writeAuditRaw(e: AuditEntryData): RawWork<void> {
  yield* exec(sql`
    INSERT INTO "AuditLogEntry" ("id", "workspaceId", "action", "actorType", "actorId", "actorLabel", "targetType", "targetId", "ip", "createdAt")
    VALUES (${e.id}, ${e.workspaceId}, ${e.action}, ${e.actorType}, ${e.actorId}, ${e.actorLabel}, ${e.targetType}, ${e.targetId}, ${e.ip}, ${e.createdAt})`);
}

/** A change with no database write of its own (an export): the entry alone. */
export async function recordAudit(actor: Actor, action: AuditAction, targetType: AuditTargetType, targetId: string): Promise<void> {
  await db.auditLogEntry.create({ data: await auditEntry(actor, action, targetType, targetId) });
}
