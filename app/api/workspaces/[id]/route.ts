import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { workspaceEnvelope } from "@/lib/openapi/shared-answers";
import { updateWorkspaceSchema, workspaceParams } from "@/lib/workspaces/schemas";
import { deleteWorkspace, renameWorkspace } from "@/lib/workspaces/workspaces";

export const PATCH = route({
  auth: "write",
  role: "owner",
  workspace: "workspace",
  params: workspaceParams,
  body: updateWorkspaceSchema,
  handler: ({ principal, body }) => renameWorkspace(principal, body),
  doc: {
    tag: "Workspaces",
    summary: "Rename a workspace",
    success: { description: "The workspace", schema: workspaceEnvelope },
  },
});

// Removes its forms with their responses and files; a personal workspace is refused (409).
export const DELETE = route({
  auth: "write",
  role: "owner",
  workspace: "workspace",
  params: workspaceParams,
  status: 204,
  handler: ({ principal }) => deleteWorkspace(principal),
  doc: {
    tag: "Workspaces",
    summary: "Delete a workspace",
    description: "Deletes the workspace with its forms, responses, files, webhooks, keys, invitations and audit log. A personal workspace cannot be deleted (409 `personal_workspace`).",
    success: { description: "Deleted" },
    errors: ["personal_workspace"],
  },
});

export const { GET, HEAD, OPTIONS, POST, PUT } = allowOnly({ PATCH, DELETE });
