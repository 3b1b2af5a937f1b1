import { unpublishForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { route } from "@/lib/http/route";

export const POST = route({
  auth: "write",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await unpublishForm(principal.userId, params.id) }),
});
