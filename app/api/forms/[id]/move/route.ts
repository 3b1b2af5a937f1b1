import { moveForm } from "@/lib/forms/move";
import { formIdParams, moveFormSchema } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { formEnvelope } from "@/lib/openapi/shared-answers";

export const POST = route({
  auth: "write",
  role: "admin",
  workspace: "form",
  params: formIdParams,
  body: moveFormSchema,
  handler: async ({ principal, params, body }) => ({ form: await moveForm(principal, params.id, body.workspaceId) }),
  doc: {
    tag: "Forms",
    summary: "Move to another workspace",
    description:
      "Moves the form with everything it has (versions, responses, files, analytics, notifications, webhooks and their deliveries) " +
      "to another workspace. Needs the admin role in the form's workspace and at least the editor role in the other one, " +
      "from a dashboard session (an API key acts in its own workspace only: 403). From then on the form is found only " +
      "in the new workspace: the old one's members and API keys get 404. Both workspaces' audit logs record the move. " +
      "The slug, the public link and the webhooks' secrets stay the same.",
    success: { description: "The form, as seen in its new workspace", schema: formEnvelope },
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
