import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { templateSummarySchema } from "@/lib/openapi/owner-schemas";
import { listTemplates } from "@/lib/templates/templates";

export const GET = route({
  auth: "read",
  role: null,
  handler: async () => ({ templates: listTemplates() }),
  doc: {
    tag: "Templates",
    summary: "List form templates",
    description: "Ids to pass as `templateId` to POST /api/forms.",
    success: { description: "The templates", schema: z.strictObject({ templates: z.array(templateSummarySchema) }) },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
