import { workspaceIdSchema } from "@/lib/workspaces/schemas";
import { z } from "zod";
import { allowedEmbedOriginsSchema } from "@/lib/embed/origins";
import { atLeastOneProperty, nonBlankText } from "@/lib/schema/constraints";
import { FORM_TITLE_MAX } from "@/lib/schema/form-schema";

export const SLUG_MAX = 64;
export const MAX_RESPONSES_LIMIT = 1_000_000_000;

export const slugSchema = z
  .string()
  .min(1)
  .max(SLUG_MAX)
  .regex(/^[a-z0-9-]+$/, "Use lowercase letters, digits and - only");

export const formTitleSchema = nonBlankText("A form needs a title").max(FORM_TITLE_MAX, `At most ${FORM_TITLE_MAX} characters`);

export const createFormSchema = z
  .strictObject({
    title: formTitleSchema,
    slug: slugSchema.optional(),
    templateId: z.string().min(1).max(64).optional().describe("Id from GET /api/templates; fills the draft"),
    workspaceId: workspaceIdSchema.optional().describe("The workspace to create it in (a dashboard session; default: your personal workspace). With an API key: the key's workspace"),
  })
  .meta({ id: "CreateFormInput" });
export type CreateFormInput = z.infer<typeof createFormSchema>;

export const ONE_PER_PERSON_BY = ["browser", "email"] as const;
export const HIDDEN_BASIS = /^hidden:([A-Za-z][A-Za-z0-9_-]{0,63})$/;
export type OnePerPersonBy = (typeof ONE_PER_PERSON_BY)[number] | `hidden:${string}`;

/** What "one person" means while limitOnePerPerson is on (lib/responses/one-per-person.ts). */
export const onePerPersonBySchema = z
  .union([z.enum(ONE_PER_PERSON_BY), z.string().regex(HIDDEN_BASIS)], {
    error: 'Use "browser", "email" or "hidden:<key>" (the key of a hidden field)',
  })
  .describe(
    'What one person means while limitOnePerPerson is on: "browser" (the fl_rid cookie, else IP + user agent), ' +
      '"email" (the answer to the first email question, case-insensitive) or "hidden:<key>" (the value of that hidden field, e.g. an invite id)',
  );

const dateTime = z.iso.datetime({ offset: true, error: "Use an ISO 8601 date-time, e.g. 2026-01-31T09:00:00Z" });

export const updateFormSchema = atLeastOneProperty(
  z.strictObject({
    title: formTitleSchema.optional(),
    slug: slugSchema.nullable().optional().describe("null clears it (only while not published)"),
    status: z.enum(["draft", "published"]).optional().describe("published = publish the draft; draft = unpublish"),
    startAt: dateTime.nullable().optional().describe("Submissions are refused before this instant"),
    endAt: dateTime.nullable().optional().describe("Submissions are refused from this instant on"),
    maxResponses: z.int().min(1).max(MAX_RESPONSES_LIMIT).nullable().optional().describe("Cap on finished responses; null = no cap"),
    limitOnePerPerson: z.boolean().optional().describe("One finished response per person; onePerPersonBy says what a person is"),
    onePerPersonBy: onePerPersonBySchema.optional(),
    allowedEmbedOrigins: allowedEmbedOriginsSchema.optional(),
  }),
  "Send at least one setting to change",
  { id: "UpdateFormInput" },
);
export type UpdateFormInput = z.infer<typeof updateFormSchema>;

export const formIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const moveFormSchema = z
  .strictObject({
    workspaceId: workspaceIdSchema.describe("The workspace to move the form to: you need the editor role there (and admin in the form's workspace)"),
  })
  .meta({ id: "MoveFormInput" });
export type MoveFormInput = z.infer<typeof moveFormSchema>;
