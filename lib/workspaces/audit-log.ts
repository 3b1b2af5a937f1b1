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
