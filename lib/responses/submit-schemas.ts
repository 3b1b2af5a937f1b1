/**
 * The request and answer shapes of the public respondent endpoints
 * (/api/public/forms/:slug/...), as zod schemas: they validate requests and
 * generate the OpenAPI document. Answers themselves are checked against the
 * published form by lib/schema/answers.ts; here only their JSON shape.
 */
import { z } from "zod";
import { isPrototypeKey } from "@/lib/http/reserved-keys";
import { HIDDEN_VALUE_MAX } from "@/lib/schema/answers";
import { pageLanguages } from "@/lib/i18n/languages";
import { formModes, questionSchema } from "@/lib/schema/form-schema";
import { translationsField } from "@/lib/i18n/schema";
import { themeSchema } from "@/lib/theme/schema";
import { spamStateSchema } from "./spam-state";

export const publicFormParams = z.strictObject({ slug: z.string().min(1).max(200) });
/** GET /api/public/forms/:slug?lang=: the language asked for, as the hosted page takes it (a tag not among the form's languages is no error). */
export const publicFormQuery = z.strictObject({
  lang: z.string().max(35).optional().describe("A language tag (e.g. de, pt-BR); picked among the form's languages like ?lang= on the page, before Accept-Language"),
});
export const publicResponseParams = z.strictObject({ slug: z.string().min(1).max(200), id: z.string().min(1).max(64) });

// Matrix rows are object keys: names special on plain objects are refused before anything reads them.
const rowName = z.string().refine((k) => !isPrototypeKey(k), "Not a row name");
/** A stored answer: text (also time, dates, choices), number, yes/no (consent: true), picks or a ranking, or a matrix's row → column(s). */
export const answerValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.record(rowName, z.union([z.string(), z.array(z.string())])).describe("matrix: row → column, or row → columns with multiple"),
]);
/** One answer as sent. null / "" / [] mean "not answered". */
export const answerInputSchema = z.union([answerValueSchema, z.null()]).meta({ id: "AnswerValue" });

const answersField = z
  .record(z.string(), answerInputSchema)
  // Which limits apply depends on each key's question in the published form, which the document cannot know.
  .describe(
    "Question key → answer, checked against the key's question in the published form (types, options, lengths). " +
      `Values of hidden questions (at most ${HIDDEN_VALUE_MAX} characters) are stored as the response's metadata.`,
  );

const languageField = z
  .enum(pageLanguages)
  .optional()
  .describe("The language the respondent answers in: the form's own or one of its translations (default: the form's own). Recorded as the response's language; validation messages come in it.");

const spamFields = {
  startToken: z
    .string()
    .max(200)
    .optional()
    .describe("The startToken of GET /api/public/forms/:slug (or of the public page). A response finished sooner than 3 s after it was issued is kept but held as suspected spam (`spam.suspected`) for the owner to restore; a forged token is a 400."),
  honeypot: z.string().max(1000).optional().describe("A field people never see. Non-empty → the submission is silently dropped."),
};

export const submitResponseBodySchema = z
  .strictObject({
    answers: answersField,
    partial: z
      .boolean()
      .optional()
      .describe("true starts an unfinished response (required questions may be missing); finish it with PATCH .../responses/:id"),
    language: languageField,
    ...spamFields,
  })
  .meta({ id: "SubmitResponseInput" });
export type SubmitResponseBody = z.infer<typeof submitResponseBodySchema>;

export const updateResponseBodySchema = z
  .strictObject({
    answers: answersField.optional().describe("Merged over the stored answers; null / \"\" / [] clears one."),
    partial: z.boolean().optional().describe("true keeps the response unfinished; otherwise this request finishes it (full validation, caps apply)"),
    language: languageField,
    ...spamFields,
  })
  .meta({ id: "UpdateResponseInput" });
export type UpdateResponseBody = z.infer<typeof updateResponseBodySchema>;

/** `Idempotency-Key` request header: 1–255 visible ASCII characters, unique per form. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Use 1 to 255 visible ASCII characters (a UUID is a good choice)")
  .meta({ id: "IdempotencyKey" });

/** The answer of POST (201) and PATCH (200) .../responses. */
export const publicResponseSchema = z
  .object({
    id: z.string(),
    submittedAt: z.iso.datetime().nullable().describe("null while the response is unfinished"),
    finished: z.boolean(),
    spam: spamStateSchema.describe("Whether the response is held as suspected spam (kept for the form's owner to restore or delete)"),
  })
  .meta({ id: "PublicResponse" });
export type PublicResponse = z.infer<typeof publicResponseSchema>;
export const publicResponseResultSchema = z.object({ response: publicResponseSchema });

/** The answer of GET .../responses/current. */
export const currentResponseResultSchema = z
  .object({
    response: z.object({
      id: z.string(),
      finished: z.literal(false),
      answers: z.record(z.string(), answerInputSchema),
      metadata: z.record(z.string(), z.string()),
      startedAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    }),
  })
  .meta({ id: "CurrentResponse" });

/** The answer of GET /api/public/forms/:slug: what a renderer needs, never owner data. */
export const publicFormResultSchema = z
  .object({
    form: z.object({
      slug: z.string(),
      version: z.int().describe("The published version respondents answer"),
      title: z.string(),
      description: z.string().nullable(),
      mode: z.enum(formModes),
      thankYouMessage: z.string().nullable(),
      questions: z.array(questionSchema),
      theme: themeSchema.nullable().describe("The form's brand (colours, radius, font, logo, cover, button words); null = the default theme"),
      language: z.enum(pageLanguages).describe("The language the form is written in: every text above is in it"),
      translations: translationsField
        .unwrap()
        .describe("Every translation of the form's respondent-facing texts (language → texts, as in the draft; {} = none): a custom front end can show any of them, keyed like the page does"),
      languages: z.array(z.enum(pageLanguages)).describe("The languages respondents may answer in: `language` first, then those it is translated into"),
      respondentLanguage: z
        .enum(pageLanguages)
        .describe("This request's language among `languages`: ?lang=, else the best match of Accept-Language, else `language` (what the hosted page would show). Send it as `language` when submitting."),
      startAt: z.iso.datetime().nullable(),
      endAt: z.iso.datetime().nullable(),
      availability: z
        .enum(["open", "not_open", "closed", "full", "already_responded"])
        .describe("already_responded: this respondent (cookie, else IP + user agent) already answered a one-per-person form"),
      startToken: z.string().describe("Send back as startToken when submitting (spam check)"),
    }),
  })
  .meta({ id: "PublicForm" });
