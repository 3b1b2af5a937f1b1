import { z } from "zod";
import { FORM_TITLE_MAX } from "@/lib/schema/form-schema";

export const SLUG_MAX = 64;
export const MAX_RESPONSES_LIMIT = 1_000_000_000;

export const slugSchema = z
  .string()
  .min(1)
  .max(SLUG_MAX)
  .regex(/^[a-z0-9-]+$/, "Use lowercase letters, digits and - only");

export const formTitleSchema = z.string().trim().min(1, "A form needs a title").max(FORM_TITLE_MAX, `At most ${FORM_TITLE_MAX} characters`);

export const createFormSchema = z
  .strictObject({
    title: formTitleSchema,
    slug: slugSchema.optional(),
    templateId: z.string().min(1).max(64).optional().describe("Id from GET /api/templates; fills the draft"),
  })
  .meta({ id: "CreateFormInput" });
export type CreateFormInput = z.infer<typeof createFormSchema>;

const dateTime = z.iso.datetime({ offset: true, error: "Use an ISO 8601 date-time, e.g. 2026-01-31T09:00:00Z" });

export const updateFormSchema = z
  .strictObject({
    title: formTitleSchema.optional(),
    slug: slugSchema.nullable().optional().describe("null clears it (only while not published)"),
    status: z.enum(["draft", "published"]).optional().describe("published = publish the draft; draft = unpublish"),
    startAt: dateTime.nullable().optional().describe("Submissions are refused before this instant"),
    endAt: dateTime.nullable().optional().describe("Submissions are refused from this instant on"),
    maxResponses: z.int().min(1).max(MAX_RESPONSES_LIMIT).nullable().optional().describe("Cap on finished responses; null = no cap"),
    limitOnePerPerson: z.boolean().optional().describe("One finished response per respondent (cookie, else IP + user agent)"),
  })
  .refine((v) => Object.keys(v).length > 0, "Send at least one setting to change")
  .meta({ id: "UpdateFormInput" });
export type UpdateFormInput = z.infer<typeof updateFormSchema>;

export const formIdParams = z.strictObject({ id: z.string().min(1).max(64) });
