import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { createWorkspaceSchema } from "@/lib/workspaces/schemas";
import { createWorkspace, listWorkspaces } from "@/lib/workspaces/workspaces";

// Your workspaces (an API key: its own), with your role in each.
export const GET = route({
  auth: "read",
  role: null,
  handler: async ({ principal }) => ({ workspaces: await listWorkspaces(principal) }),
});

// A key acts only in its workspace, so creating one takes a dashboard session.
export const POST = route({
  auth: "session",
  role: null,
  body: createWorkspaceSchema,
  status: 201,
  handler: ({ principal, body }) => createWorkspace(principal.userId, body),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
