/**
 * The form schema (a draft or a published version) and its questions.
 * Browser-safe: the API, the public renderer and the builder all validate
 * with these same definitions.
 */
import { z } from "zod";
import { definitions } from "@/lib/question-types/definitions";
import { questionTypes, type QuestionType } from "@/lib/question-types/names";
import { nonBlankText } from "./constraints";
import { endingsField } from "@/lib/logic/schema";
import { checkLogic } from "@/lib/logic/validate";
import { themeSchema } from "@/lib/theme/schema";
import { checkTranslations, languageField, translationsField } from "@/lib/i18n/schema";

export const FORM_TITLE_MAX = 120;
export const MAX_QUESTIONS = 200;

export { questionTypes, type QuestionType } from "@/lib/question-types/names";
export { questionKeySchema } from "@/lib/question-types/define";

export const formModes = ["immersive", "classic"] as const;
export type FormMode = (typeof formModes)[number];

export const questionSchema = z
  .discriminatedUnion("type", definitions, {
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
    endings: endingsField,
    theme: themeSchema.optional(),
    // Languages: lib/i18n.
    language: languageField,
    translations: translationsField,
  })
  .superRefine((schema, ctx) => {
    const seen = new Map<string, number>();
    schema.questions.forEach((q, i) => {
      const first = seen.get(q.key.toLowerCase());
      if (first !== undefined) {
        ctx.addIssue({ code: "custom", path: ["questions", i, "key"], message: `Duplicate question key "${q.key}" (also question ${first + 1})` });
      } else seen.set(q.key.toLowerCase(), i);
    });
    // A group is one screen: its questions must follow each other.
    const groupOf = (q: Question) => ("group" in q ? q.group : undefined);
    const closed = new Set<string>();
    schema.questions.forEach((q, i) => {
      const previous = i > 0 ? groupOf(schema.questions[i - 1]) : undefined;
      if (previous !== undefined && previous !== groupOf(q)) closed.add(previous);
      const group = groupOf(q);
      if (group !== undefined && closed.has(group)) {
        ctx.addIssue({ code: "custom", path: ["questions", i, "group"], message: `The questions of group "${group}" must follow each other` });
      }
    });
    checkLogic(schema, ctx);
    checkTranslations(schema, ctx);
  })
  .meta({ id: "FormSchema" });

export type FormSchemaInput = z.input<typeof formSchemaSchema>;
export type FormSchema = z.output<typeof formSchemaSchema> & { version: number };

/** Questions that take an answer from the respondent (not statements, not hidden). */
export const isAnswerable = (q: Question) => q.type !== "statement" && q.type !== "hidden";
