import { publishForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formEnvelope } from "@/lib/openapi/shared-answers";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await publishForm(principal, params.id) }),
  doc: {
    tag: "Forms",
    summary: "Publish the draft",
    description:
      "Snapshots the draft as the next immutable version, which respondents then see at /s/<slug>. Without a slug, one is made " +
      "from the title (with a random suffix if taken). The draft needs at least one question to answer (else 400).",
    success: { description: "The published form", schema: formEnvelope },
    errors: ["conflict", "slug_taken"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
