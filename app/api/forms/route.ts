import { z } from "zod";
import { createForm, listForms } from "@/lib/forms/forms";
import { createFormSchema } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formCreatedSchema, formListItemSchema } from "@/lib/openapi/owner-schemas";
import { chosenWorkspaceQuery } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "chosen",
  query: chosenWorkspaceQuery,
  handler: async ({ principal }) => ({ forms: await listForms(principal.workspaceId) }),
  doc: {
    tag: "Forms",
    summary: "List a workspace's forms",
    description: "Every form of the workspace, most recently updated first: with an API key its workspace; with a session `workspaceId` (default: your personal workspace).",
    success: { description: "The forms", schema: z.strictObject({ forms: z.array(formListItemSchema) }) },
  },
});

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "chosen",
  body: createFormSchema,
  status: 201,
  handler: async ({ principal, body }) => ({ form: await createForm(principal, body) }),
  doc: {
    tag: "Forms",
    summary: "Create a form",
    description: "Creates a draft form (slug null unless given) in the key's workspace, or with a session in `workspaceId` (default: your personal workspace). `templateId` fills the draft from a template of GET /api/templates.",
    success: { description: "The new form", schema: z.strictObject({ form: formCreatedSchema }) },
    errors: ["unknown_template", "slug_taken"],
  },
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
