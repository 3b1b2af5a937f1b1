import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { changeMemberRole, removeMember } from "@/lib/workspaces/members";
import { memberParams, memberSchema, updateMemberSchema } from "@/lib/workspaces/schemas";

export const PATCH = route({
  auth: "write",
  role: "admin",
  workspace: "workspace",
  params: memberParams,
  body: updateMemberSchema,
  handler: ({ principal, params, body }) => changeMemberRole(principal, params.userId, body.role),
  doc: {
    tag: "Workspaces",
    summary: "Change a member's role",
    description:
      "Only an owner makes someone owner or changes an owner's role. The last owner cannot be demoted (409 `last_owner`); " +
      "the user of a personal workspace stays its owner (409 `personal_workspace`).",
    success: { description: "The member", schema: z.strictObject({ member: memberSchema }) },
    errors: ["last_owner", "personal_workspace"],
  },
});

// Any member may remove themselves (leave); removing someone else needs admin (lib/workspaces/members.ts).
export const DELETE = route({
  auth: "write",
  role: "viewer",
  workspace: "workspace",
  params: memberParams,
  status: 204,
  handler: ({ principal, params }) => removeMember(principal, params.userId),
  doc: {
    tag: "Workspaces",
    summary: "Remove a member, or leave",
    description:
      "Any member may remove themselves (leave); removing someone else needs admin (an owner: owner). The last owner cannot leave " +
      "(409 `last_owner`), nor the user of a personal workspace (409 `personal_workspace`). The member's API keys in the workspace are deleted.",
    success: { description: "Removed" },
    errors: ["last_owner", "personal_workspace"],
  },
});

export const { GET, HEAD, OPTIONS, POST, PUT } = allowOnly({ PATCH, DELETE });
