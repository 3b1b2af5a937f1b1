import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { updateWorkspaceSchema, workspaceParams } from "@/lib/workspaces/schemas";
import { deleteWorkspace, renameWorkspace } from "@/lib/workspaces/workspaces";

export const PATCH = route({
  auth: "write",
  role: "owner",
  workspace: "workspace",
  params: workspaceParams,
  body: updateWorkspaceSchema,
  handler: ({ principal, body }) => renameWorkspace(principal, body),
});

// Removes its forms with their responses and files; a personal workspace is refused (409).
export const DELETE = route({
  auth: "write",
  role: "owner",
  workspace: "workspace",
  params: workspaceParams,
  handler: ({ principal }) => deleteWorkspace(principal),
});

export const { GET, HEAD, OPTIONS, POST, PUT } = allowOnly({ PATCH, DELETE });
