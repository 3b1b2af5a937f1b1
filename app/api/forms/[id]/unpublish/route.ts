import { unpublishForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formEnvelope } from "@/lib/openapi/shared-answers";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await unpublishForm(principal, params.id) }),
  doc: {
    tag: "Forms",
    summary: "Unpublish",
    description: "Stops the public page and submissions; status becomes draft. Versions, slug and responses stay.",
    success: { description: "The form", schema: formEnvelope },
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
