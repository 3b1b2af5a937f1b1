/** Reading the audit log: newest first, filtered, in pages shaped like GET /api/forms/:id/responses. */
import { db } from "@/lib/db/client";
import type { Actor } from "./actor";
import type { AuditAction } from "./audit-actions";
import type { AuditLogQuery } from "./schemas";

export async function listAuditLog(actor: Actor, query: AuditLogQuery) {
  const where = {
    workspaceId: actor.workspaceId,
    ...(query.action && { action: query.action }),
    ...(query.actor && { actorId: query.actor }),
    ...((query.from || query.to) && { createdAt: { ...(query.from && { gte: new Date(query.from) }), ...(query.to && { lt: new Date(query.to) }) } }),
  };
  const [total, rows] = await Promise.all([
    db.auditLogEntry.count({ where }),
    db.auditLogEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.limit, take: query.limit }),
  ]);
  return {
    entries: rows.map((e) => ({
      id: e.id,
      action: e.action as AuditAction,
      actor: { type: e.actorType as "user" | "key", id: e.actorId, label: e.actorLabel },
      target: { type: e.targetType, id: e.targetId },
      ip: e.ip,
      createdAt: e.createdAt.toISOString(),
    })),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

type AuditEntry = Awaited<ReturnType<typeof listAuditLog>>["entries"][number];
export type NamedAuditEntry = AuditEntry & { target: AuditEntry["target"] & { name: string | null } };

/**
 * The audit log page shows what an entry is about by name: a form's title, a
 * member's or invitee's email, a key's name, a webhook's URL. Names are read
 * now, in the actor's workspace, so a renamed form shows its new title; an
 * object that is gone has no name and the page shows its id.
 */
export async function nameAuditTargets(actor: Actor, entries: AuditEntry[]): Promise<NamedAuditEntry[]> {
  const ids = (type: string) => [...new Set(entries.filter((e) => e.target.type === type).map((e) => e.target.id))];
  const workspaceId = actor.workspaceId;
  const [forms, responses, webhooks, invitations, members, keys, workspaces] = await Promise.all([
    db.form.findMany({ where: { workspaceId, id: { in: ids("form") } }, select: { id: true, title: true } }),
    db.response.findMany({ where: { id: { in: ids("response") }, form: { workspaceId } }, select: { id: true, form: { select: { title: true } } } }),
    db.webhook.findMany({ where: { workspaceId, id: { in: ids("webhook") } }, select: { id: true, url: true } }),
    db.invitation.findMany({ where: { workspaceId, id: { in: ids("invitation") } }, select: { id: true, email: true } }),
    // A member who has since left keeps their email here: the id comes from this workspace's own log.
    db.user.findMany({ where: { id: { in: ids("member") } }, select: { id: true, email: true } }),
    db.apiKey.findMany({ where: { workspaceId, id: { in: ids("key") } }, select: { id: true, name: true } }),
    db.workspace.findMany({ where: { id: { in: ids("workspace").filter((id) => id === workspaceId) } }, select: { id: true, name: true } }),
  ]);
  const names = new Map<string, string>([
    ...forms.map((f) => [`form:${f.id}`, f.title] as const),
    ...responses.map((r) => [`response:${r.id}`, `a response to ${r.form.title}`] as const),
    ...webhooks.map((w) => [`webhook:${w.id}`, w.url] as const),
    ...invitations.map((i) => [`invitation:${i.id}`, i.email] as const),
    ...members.map((u) => [`member:${u.id}`, u.email] as const),
    ...keys.map((k) => [`key:${k.id}`, k.name] as const),
    ...workspaces.map((w) => [`workspace:${w.id}`, w.name] as const),
  ]);
  return entries.map((e) => ({ ...e, target: { ...e.target, name: names.get(`${e.target.type}:${e.target.id}`) ?? null } }));
}
