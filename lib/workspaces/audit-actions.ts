/** The audit log's action names (browser-safe: the dashboard's filter lists them). */
export const auditActions = [
  "form.created",
  "form.published",
  // A form already published publishes a new version of its schema.
  "form.schema_published",
  "form.unpublished",
  "form.deleted",
  // Logged in both workspaces: out of the one it left, into the one it joined.
  "form.moved_out",
  "form.moved_in",
  "response.deleted",
  // A response held as suspected spam, restored by the owner ("not spam").
  "response.restored",
  "responses.exported",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "notifications.updated",
  "workspace.renamed",
  "member.invited",
  // Revoked by an admin, or because its sender was demoted or removed.
  "invitation.revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "key.created",
  "key.revoked",
] as const;
export type AuditAction = (typeof auditActions)[number];

