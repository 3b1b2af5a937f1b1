/**
 * Response shapes of the responses and analytics endpoints, for the OpenAPI
 * document (their query schemas come from lib/responses and lib/analytics).
 * tests/integration/openapi.test.ts checks real answers against these.
 */
import { z } from "zod";
import { answerInputSchema } from "@/lib/responses/submit-schemas";
import { questionTypes } from "@/lib/schema/form-schema";

const isoDateTime = z.iso.datetime();
const count = z.int().min(0);

export const responseSchema = z
  .strictObject({
    id: z.string(),
    finished: z.boolean().describe("false for a partial response (started, not finished)"),
    submittedAt: isoDateTime.nullable().describe("null while unfinished"),
    startedAt: isoDateTime,
    version: z.int().min(1).describe("The published version the respondent answered"),
    answers: z.record(z.string(), answerInputSchema).describe("Question key → answer (hidden questions are in metadata)"),
    metadata: z.record(z.string(), z.string()).describe("Hidden question key → value"),
  })
  .meta({ id: "Response" });

export const responsePageSchema = z
  .strictObject({
    responses: z.array(responseSchema).describe("Newest first"),
    pagination: z.strictObject({ page: z.int().min(1), limit: z.int().min(1), total: count, totalPages: count }),
  })
  .meta({ id: "ResponsePage" });

const scaleSummary = {
  avg: z.number().describe("0 when there are no answers"),
  count,
  distribution: z.record(z.string(), count).describe("Every scale value, as a string key, → answers"),
};

/** The `summary` of one question, by type. */
export const questionSummarySchema = z
  .union([
    z.strictObject({ ...scaleSummary, promoters: count, passives: count, detractors: count, score: z.int().min(-100).max(100) }).describe("nps"),
    z.strictObject(scaleSummary).describe("rating"),
    z.strictObject({ count, options: z.record(z.string(), count) }).describe("single-choice, multiple-choice, dropdown: answers per option"),
    z.strictObject({ count, yes: count, no: count }).describe("yes-no"),
    z.strictObject({ count, avg: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable() }).describe("number"),
    z.strictObject({ count, latest: z.array(z.strictObject({ value: z.string(), submittedAt: isoDateTime })) }).describe("text types and date: the latest answers"),
    z.strictObject({ count, top: z.array(z.strictObject({ value: z.string(), count })) }).describe("hidden: the most frequent values"),
  ])
  .meta({ id: "QuestionSummary" });

export const analyticsSummarySchema = z
  .strictObject({
    formId: z.string(),
    totalResponses: count.describe("Finished responses (after the metadata filters)"),
    todayResponses: count.describe("Finished today (UTC)"),
    weekResponses: count.describe("Finished in the 7 UTC days ending today"),
    completionRate: z.number().min(0).max(1).describe("finished ÷ max(views, responses started); 0 when both are 0"),
    questions: z.array(
      z.strictObject({
        key: z.string(),
        title: z.string(),
        type: z.enum(questionTypes),
        responses: count.describe("Finished responses that answered it"),
        summary: questionSummarySchema,
      }),
    ),
  })
  .meta({ id: "AnalyticsSummary" });

export const analyticsTrendSchema = z
  .strictObject({
    formId: z.string(),
    days: z.array(z.strictObject({ date: z.iso.date(), count })).length(30).describe("The 30 UTC days ending today, oldest first, zeros included"),
  })
  .meta({ id: "AnalyticsTrend" });
