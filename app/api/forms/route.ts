import { createForm, listForms } from "@/lib/forms/forms";
import { createFormSchema } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { chosenWorkspaceQuery } from "@/lib/workspaces/schemas";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "chosen",
  query: chosenWorkspaceQuery,
  handler: async ({ principal }) => ({ forms: await listForms(principal.workspaceId) }),
});

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "chosen",
  body: createFormSchema,
  status: 201,
  handler: async ({ principal, body }) => ({ form: await createForm(principal, body) }),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
