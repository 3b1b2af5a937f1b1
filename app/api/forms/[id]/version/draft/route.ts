import { saveDraft } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formSchemaSchema } from "@/lib/schema/form-schema";

export const PUT = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: formSchemaSchema,
  handler: async ({ principal, params, body }) => ({ draft: await saveDraft(principal, params.id, body) }),
});

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = allowOnly({ PUT });
