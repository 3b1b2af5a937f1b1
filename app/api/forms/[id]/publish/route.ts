import { publishForm } from "@/lib/forms/forms";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => ({ form: await publishForm(principal, params.id) }),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
