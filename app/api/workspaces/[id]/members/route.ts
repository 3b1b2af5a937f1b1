import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listMembers } from "@/lib/workspaces/members";
import { memberSchema, workspaceParams } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "workspace",
  params: workspaceParams,
  handler: ({ principal }) => listMembers(principal),
  doc: {
    tag: "Workspaces",
    summary: "List members",
    description: "Oldest member first. `name` is null (accounts have no display name yet).",
    success: { description: "The members", schema: z.strictObject({ members: z.array(memberSchema) }) },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
