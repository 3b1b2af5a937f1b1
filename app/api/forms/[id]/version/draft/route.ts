import { saveDraft } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { route } from "@/lib/http/route";
import { formSchemaSchema } from "@/lib/schema/form-schema";

export const PUT = route({
  auth: "write",
  params: formIdParams,
  body: formSchemaSchema,
  handler: async ({ principal, params, body }) => ({ draft: await saveDraft(principal.userId, params.id, body) }),
});
