import { duplicateForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { route } from "@/lib/http/route";

export const POST = route({
  auth: "write",
  params: formIdParams,
  status: 201,
  handler: async ({ principal, params }) => ({ form: await duplicateForm(principal.userId, params.id) }),
});
