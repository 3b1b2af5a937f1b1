import { duplicateForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formEnvelope } from "@/lib/openapi/shared-answers";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  status: 201,
  handler: async ({ principal, params }) => ({ form: await duplicateForm(principal, params.id) }),
  doc: {
    tag: "Forms",
    summary: "Duplicate a form",
    description: "A new draft form with the same draft and settings, titled \"<title> (copy)\"; no slug, no versions, no responses.",
    success: { description: "The copy", schema: formEnvelope },
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
