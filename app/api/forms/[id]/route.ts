import { deleteForm, getForm, updateForm } from "@/lib/forms/forms";
import { formIdParams, updateFormSchema } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await getForm(principal, params.id) }),
});

export const PATCH = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: updateFormSchema,
  handler: async ({ principal, params, body }) => ({ form: await updateForm(principal, params.id, body) }),
});

export const DELETE = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => deleteForm(principal, params.id),
});

export const { OPTIONS, POST, PUT } = allowOnly({ GET, PATCH, DELETE });
