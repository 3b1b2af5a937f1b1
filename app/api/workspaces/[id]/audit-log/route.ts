import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { auditActions } from "@/lib/workspaces/audit-actions";
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
      `Who did what, newest first, in pages. Actions: ${auditActions.join(", ")}. form.schema_published: a published form publishes a new ` +
      "version; invitation.revoked: by an admin, or because its sender was demoted or removed; key.revoked: also each key of a removed member.",
    success: { description: "A page of entries", schema: z.strictObject({ entries: z.array(auditEntrySchema), pagination: paginationSchema }) },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
