import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listAuditLog } from "@/lib/workspaces/audit-log";
import { auditLogQuerySchema, workspaceParams } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "admin",
  workspace: "workspace",
  params: workspaceParams,
  query: auditLogQuerySchema,
  handler: ({ principal, query }) => listAuditLog(principal, query),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
