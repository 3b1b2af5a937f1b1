import { deleteForm, getForm, updateForm } from "@/lib/forms/forms";
import { formIdParams, updateFormSchema } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formEnvelope } from "@/lib/openapi/shared-answers";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await getForm(principal, params.id) }),
  doc: {
    tag: "Forms",
    summary: "Get a form",
    description: "Settings, the draft schema and the latest published schema.",
    success: { description: "The form", schema: formEnvelope },
  },
});

export const PATCH = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: updateFormSchema,
  handler: async ({ principal, params, body }) => ({ form: await updateForm(principal, params.id, body) }),
  doc: {
    tag: "Forms",
    summary: "Change a form's settings",
    description:
      "Any of title, slug, status, startAt, endAt, maxResponses, limitOnePerPerson. `status: \"published\"` publishes a draft form " +
      "(as POST …/publish; on a form already published it changes nothing); `status: \"draft\"` unpublishes. A published form keeps " +
      "its slug (`null` is refused). Nothing is written when any part is refused. `allowedEmbedOrigins` lists the sites that may " +
      "frame the public form (origins only, e.g. `https://shop.example.com`, or `https://*.example.com`; a path, a trailing slash or " +
      "another scheme is a 400 naming the entry); it applies at once, without publishing.",
    success: { description: "The updated form", schema: formEnvelope },
    errors: ["slug_taken", "conflict"],
  },
});

export const DELETE = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  status: 204,
  handler: async ({ principal, params }) => deleteForm(principal, params.id),
  doc: {
    tag: "Forms",
    summary: "Delete a form",
    description: "Deletes the form with all its versions, responses and views.",
    success: { description: "Deleted" },
  },
});

export const { OPTIONS, POST, PUT } = allowOnly({ GET, PATCH, DELETE });
