import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { changeMemberRole, removeMember } from "@/lib/workspaces/members";
import { memberParams, updateMemberSchema } from "@/lib/workspaces/schemas";

export const PATCH = route({
  auth: "write",
  role: "admin",
  workspace: "workspace",
  params: memberParams,
  body: updateMemberSchema,
  handler: ({ principal, params, body }) => changeMemberRole(principal, params.userId, body.role),
});

// Any member may remove themselves (leave); removing someone else needs admin (lib/workspaces/members.ts).
export const DELETE = route({
  auth: "write",
  role: "viewer",
  workspace: "workspace",
  params: memberParams,
  handler: ({ principal, params }) => removeMember(principal, params.userId),
});

export const { GET, HEAD, OPTIONS, POST, PUT } = allowOnly({ PATCH, DELETE });
