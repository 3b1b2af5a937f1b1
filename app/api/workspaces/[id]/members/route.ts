import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listMembers } from "@/lib/workspaces/members";
import { workspaceParams } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "workspace",
  params: workspaceParams,
  handler: ({ principal }) => listMembers(principal),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
