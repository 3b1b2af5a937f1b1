import { z } from "zod";
import { saveDraft } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { versionedFormSchema } from "@/lib/openapi/owner-schemas";
import { formSchemaSchema } from "@/lib/schema/form-schema";

export const PUT = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: formSchemaSchema,
  handler: async ({ principal, params, body }) => ({ draft: await saveDraft(principal, params.id, body) }),
  doc: {
    tag: "Forms",
    summary: "Replace the draft schema",
    description:
      "Replaces the draft (its questions; the title becomes the form's). `version`, when sent, must equal the draft's current version, " +
      "else 409 `conflict`: the form was published since the editor loaded it. Respondents see nothing of the draft until the next publish.",
    success: { description: "The saved draft", schema: z.strictObject({ draft: versionedFormSchema }) },
    errors: ["conflict"],
  },
});

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = allowOnly({ PUT });
