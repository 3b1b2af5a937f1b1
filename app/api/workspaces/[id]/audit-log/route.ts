import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listAuditLog } from "@/lib/workspaces/audit-log";
import { auditEntrySchema, auditLogQuerySchema, paginationSchema, workspaceParams } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "admin",
  workspace: "workspace",
  params: workspaceParams,
  query: auditLogQuerySchema,
  handler: ({ principal, query }) => listAuditLog(principal, query),
  doc: {
    tag: "Workspaces",
    summary: "Read the audit log",
    description:
      "Who did what, newest first, in pages. Actions: form.created, form.published, form.schema_published (a published form publishes a " +
      "new version), form.unpublished, form.deleted, response.deleted, responses.exported, webhook.created|updated|deleted, member.invited, " +
      "member.joined, member.role_changed, member.removed, key.created, key.revoked.",
    success: { description: "A page of entries", schema: z.strictObject({ entries: z.array(auditEntrySchema), pagination: paginationSchema }) },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
