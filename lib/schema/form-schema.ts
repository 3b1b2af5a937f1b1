/**
 * The form schema (a draft or a published version) and its questions.
 * Browser-safe: the API, the public renderer and the builder all validate
 * with these same definitions.
 */
import { z } from "zod";
import { isReservedObjectKey } from "@/lib/http/reserved-keys";
import { nonBlankText, uniqueItems } from "./constraints";

export const FORM_TITLE_MAX = 120;
export const MAX_QUESTIONS = 200;

export const questionTypes = [
  "short-text", "long-text", "email", "number", "url", "phone",
  "single-choice", "multiple-choice", "dropdown",
  "rating", "nps", "yes-no", "date", "statement", "hidden",
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const formModes = ["immersive", "classic"] as const;
export type FormMode = (typeof formModes)[number];

export const questionKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "Use a letter, then letters, digits, _ or - (at most 64)")
  .refine((key) => !isReservedObjectKey(key), "This name is reserved (constructor, prototype, toString, …); choose another key");

const isoDate = z.iso.date();

const base = {
  key: questionKeySchema,
  title: nonBlankText("A question needs a title").max(500),
  description: z.string().max(2000).optional(),
  required: z.boolean().optional(),
};
const placeholder = z.string().max(200).optional();
const options = uniqueItems(
  z.array(nonBlankText("An option cannot be empty").max(200)).min(1, "Add at least one option").max(100),
  "Options must be unique",
);

const shortText = z.strictObject({ ...base, type: z.literal("short-text"), placeholder, maxLength: z.int().min(1).max(1000).optional() });
const longText = z.strictObject({ ...base, type: z.literal("long-text"), placeholder, maxLength: z.int().min(1).max(10000).optional() });
const email = z.strictObject({ ...base, type: z.literal("email"), placeholder });
const url = z.strictObject({ ...base, type: z.literal("url"), placeholder });
const phone = z.strictObject({ ...base, type: z.literal("phone"), placeholder });
const number = z
  .strictObject({ ...base, type: z.literal("number"), placeholder, min: z.number().optional(), max: z.number().optional().describe("Not below min") })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, { message: "min must not exceed max", path: ["max"] });
const singleChoice = z.strictObject({ ...base, type: z.literal("single-choice"), options });
const dropdown = z.strictObject({ ...base, type: z.literal("dropdown"), options, placeholder });
const multipleChoice = z
  .strictObject({
    ...base,
    type: z.literal("multiple-choice"),
    options,
    minSelections: z.int().min(0).optional().describe("At most maxSelections and the number of options"),
    maxSelections: z.int().min(1).optional().describe("At most the number of options"),
  })
  .refine((q) => q.maxSelections === undefined || q.maxSelections <= q.options.length, { message: "maxSelections exceeds the number of options", path: ["maxSelections"] })
  // More required picks than options would make the question unanswerable.
  .refine((q) => q.minSelections === undefined || q.minSelections <= q.options.length, { message: "minSelections exceeds the number of options", path: ["minSelections"] })
  .refine((q) => q.minSelections === undefined || q.maxSelections === undefined || q.minSelections <= q.maxSelections, { message: "minSelections must not exceed maxSelections", path: ["minSelections"] });
const scaleLabels = { minLabel: z.string().max(60).optional(), maxLabel: z.string().max(60).optional() };
const rating = z
  .strictObject({
    ...base,
    type: z.literal("rating"),
    scaleMin: z.int().min(0).max(1).default(1),
    scaleMax: z.int().min(2).max(10).default(5),
    style: z.enum(["stars", "numbers"]).optional(),
    ...scaleLabels,
  })
  .refine((q) => q.scaleMin < q.scaleMax, { message: "scaleMin must be below scaleMax", path: ["scaleMax"] });
const nps = z.strictObject({ ...base, type: z.literal("nps"), ...scaleLabels });
const yesNo = z.strictObject({ ...base, type: z.literal("yes-no") });
const date = z
  .strictObject({ ...base, type: z.literal("date"), min: isoDate.optional(), max: isoDate.optional().describe("Not before min") })
  .refine((q) => !q.min || !q.max || q.min <= q.max, { message: "min must not be after max", path: ["max"] });
const statement = z.strictObject({ ...base, type: z.literal("statement"), required: z.literal(false).optional() });
// A hidden question carries metadata from the page URL (?key=value); it is never shown.
const hidden = z.strictObject({ key: questionKeySchema, type: z.literal("hidden"), title: z.string().trim().max(500).optional() });

export const questionSchema = z
  .discriminatedUnion("type", [
    shortText, longText, email, number, url, phone,
    singleChoice, multipleChoice, dropdown,
    rating, nps, yesNo, date, statement, hidden,
  ], {
    // zod's default ("Invalid input") does not say what is accepted.
    error: (issue) => (issue.code === "invalid_union" ? `Unknown question type; use one of: ${questionTypes.join(", ")}` : undefined),
  })
  .meta({ id: "Question" });
export type Question = z.infer<typeof questionSchema>;
export type QuestionOf<T extends QuestionType> = Extract<Question, { type: T }>;

export const formSchemaSchema = z
  .strictObject({
    version: z.int().min(1).optional().describe("When sent, must equal the draft's current version (guards against overwriting after a publish)"),
    title: nonBlankText("A form needs a title").max(FORM_TITLE_MAX),
    description: z.string().max(5000).optional(),
    mode: z.enum(formModes).default("classic"),
    thankYouMessage: z.string().max(2000).optional(),
    questions: z.array(questionSchema).max(MAX_QUESTIONS).describe("Question keys are unique (case-insensitive)"),
  })
  .superRefine((schema, ctx) => {
    const seen = new Map<string, number>();
    schema.questions.forEach((q, i) => {
      const first = seen.get(q.key.toLowerCase());
      if (first !== undefined) {
        ctx.addIssue({ code: "custom", path: ["questions", i, "key"], message: `Duplicate question key "${q.key}" (also question ${first + 1})` });
      } else seen.set(q.key.toLowerCase(), i);
    });
  })
  .meta({ id: "FormSchema" });

export type FormSchemaInput = z.input<typeof formSchemaSchema>;
export type FormSchema = z.output<typeof formSchemaSchema> & { version: number };

/** Questions that take an answer from the respondent (not statements, not hidden). */
export const isAnswerable = (q: Question) => q.type !== "statement" && q.type !== "hidden";
