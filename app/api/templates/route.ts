import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listTemplates } from "@/lib/templates/templates";

export const GET = route({
  auth: "read",
  role: null,
  handler: async () => ({ templates: listTemplates() }),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
