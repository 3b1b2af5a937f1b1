import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { workspaceEnvelope } from "@/lib/openapi/shared-answers";
import { createWorkspaceSchema, workspaceSchema } from "@/lib/workspaces/schemas";
import { createWorkspace, listWorkspaces } from "@/lib/workspaces/workspaces";

// Your workspaces (an API key: its own), with your role in each.
export const GET = route({
  auth: "read",
  role: null,
  handler: async ({ principal }) => ({ workspaces: await listWorkspaces(principal) }),
  doc: {
    tag: "Workspaces",
    summary: "List your workspaces",
    description: "Every workspace you are a member of, with your role (the personal one first). An API key sees only its own workspace.",
    success: { description: "The workspaces", schema: z.strictObject({ workspaces: z.array(workspaceSchema) }) },
  },
});

// A key acts only in its workspace, so creating one takes a dashboard session.
export const POST = route({
  auth: "session",
  role: null,
  body: createWorkspaceSchema,
  status: 201,
  handler: ({ principal, body }) => createWorkspace(principal.userId, body),
  doc: {
    tag: "Workspaces",
    summary: "Create a workspace",
    description: "A team workspace; you are its owner. Dashboard session only (a key acts only in its own workspace).",
    success: { description: "The new workspace", schema: workspaceEnvelope },
  },
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
