import { publishForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { route } from "@/lib/http/route";

export const POST = route({
  auth: "write",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await publishForm(principal.userId, params.id) }),
});
