import { createForm, listForms } from "@/lib/forms/forms";
import { createFormSchema } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  handler: async ({ principal }) => ({ forms: await listForms(principal.userId) }),
});

export const POST = route({
  auth: "write",
  body: createFormSchema,
  status: 201,
  handler: async ({ principal, body }) => ({ form: await createForm(principal.userId, body) }),
});

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
