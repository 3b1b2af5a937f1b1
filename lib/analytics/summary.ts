/**
 * The analytics summary: totals, completion rate, per-question aggregates
 * with their path counts (on the path, answered, drop-off), per-ending counts
 * and the score distribution, with the filters (metadata, ending, score
 * range) applied before any aggregation. All counting is SQL.
 */
import type { Actor } from "@/lib/workspaces/actor";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import {
  andMetadata,
  checkDateRange,
  checkMetadataKeys,
  countResponses,
  hasMetadata,
  hasOutcomeFilter,
  metadataDriver,
  metadataFilterSchema,
  responseFilterShape,
  responseWhere,
} from "@/lib/responses/filters";
import { getReadableForm, type ReadableForm } from "@/lib/responses/readable-form";
import { questionTypes, questionTypeSpecs, type QuestionType } from "@/lib/question-types";
import { statKindsAgree } from "./answer-stats";
import { countedAggregates } from "./counted-summaries";
import { rawAggregates, shapeSummaries, type Aggregates } from "./question-summaries";
import { dropOffCounts, endingCountSchema, endingCounts, scoreSummary, scoreSummarySchema } from "./outcomes";
import { utcDaysEnding } from "./trend";

export const analyticsSummaryQuerySchema = z
  .strictObject({
    metadata: metadataFilterSchema.optional(),
    ending: responseFilterShape.ending,
    scoreMin: responseFilterShape.scoreMin,
    scoreMax: responseFilterShape.scoreMax,
  })
  .superRefine(checkDateRange)
  .meta({ id: "AnalyticsSummaryQuery" });
export type AnalyticsSummaryQuery = z.output<typeof analyticsSummaryQuerySchema>;

/** One question's entry in the summary, per type: its registry entry's summary schema. */
const summaryEntry = <T extends QuestionType>(type: T) =>
  z
    .object({
      key: z.string(),
      title: z.string(),
      type: z.literal(type),
      responses: z.int().describe("Finished responses (after the filters) that answered it"),
      onPath: z.int().describe("Finished responses (after the filters) whose path held it (a hidden field: every one)"),
      dropOff: z.int().describe("Unfinished responses that stopped at it: it was the first question on their path after the last one they answered"),
      summary: questionTypeSpecs[type].summary.schema as SummarySchemaOf<T>,
    })
    .meta({ id: `${pascal(type)}Summary` });
type SummarySchemaOf<T extends QuestionType> = (typeof questionTypeSpecs)[T]["summary"]["schema"];
const pascal = (type: string) => type.replace(/(^|-)(.)/g, (_, __, c: string) => c.toUpperCase());

// Statements have no answers and never appear in the summary.
const summarised = questionTypes.filter((t): t is Exclude<QuestionType, "statement"> => t !== "statement");
export const questionSummaryEntrySchema = z.discriminatedUnion(
  "type",
  summarised.map(summaryEntry) as unknown as [ReturnType<typeof summaryEntry<Exclude<QuestionType, "statement">>>],
);
/** The summary of a question of type T (what its analytics card draws). */
export type SummaryOf<T extends Exclude<QuestionType, "statement">> = z.output<SummarySchemaOf<T>>;
export type QuestionSummaryEntry = z.output<typeof questionSummaryEntrySchema>;

export const analyticsSummarySchema = z
  .object({
    formId: z.string(),
    totalResponses: z.int(),
    todayResponses: z.int().describe("Finished responses submitted today (UTC)"),
    weekResponses: z.int().describe("Finished responses of the 7 UTC days ending today"),
    completionRate: z.number().min(0).max(1).describe("Ending and score filters do not apply to it (unfinished responses have neither)"),
    questions: z.array(questionSummaryEntrySchema),
    endings: z.array(endingCountSchema).describe("The default ending first, then the form's endings in order (zeros included), then keys only older versions had"),
    score: scoreSummarySchema.nullable().describe("null when no published version has scores"),
  })
  .meta({ id: "AnalyticsSummary" });
export type AnalyticsSummary = z.output<typeof analyticsSummarySchema>;

/** "This week" is the 7 UTC days ending today (today included), not the calendar week. */
export const WEEK_DAYS = 7;

type Count = { n: number | bigint | null };

export async function getSummary(actor: Actor, formId: string, query: AnalyticsSummaryQuery, now = new Date()) {
  const form = await getReadableForm(actor.workspaceId, formId);
  // Also checks the metadata keys and the ending (400 for unknown ones).
  const matching = responseWhere(form, query);
  const outcome = hasOutcomeFilter(query) ? matching : undefined;
  const counted = countTotals(form, query, outcome, now);
  const [totals, completionRate, summaries, dropOff, endings, score] = await Promise.all([
    counted,
    completion(form, query.metadata),
    aggregate(form, query.metadata, outcome),
    dropOffCounts(form.id, query.metadata),
    endingCounts(form, matching, async () => (await counted).totalResponses),
    form.scored ? scoreSummary(matching) : Promise.resolve(null),
  ]);
  return {
    formId: form.id,
    ...totals,
    completionRate,
    questions: form.questions.flatMap((q) => {
      const s = summaries.get(q.key);
      if (!s) return [];
      const onPath = q.type === "hidden" ? totals.totalResponses : s.responses + s.unanswered;
      const path = { onPath, dropOff: dropOff.get(q.key) ?? 0 };
      // The registry shaped s.summary by q.type's own schema (QuestionTypeSpec ties them).
      return [{ key: q.key, title: q.title ?? q.key, type: q.type, responses: s.responses, ...path, summary: s.summary } as QuestionSummaryEntry];
    }),
    endings,
    score,
  } satisfies AnalyticsSummary;
}

/**
 * Unfiltered, every question whose counters describe it (statKindsAgree) is
 * read from the counters; metadata filters, and keys whose type changed kind
 * between versions, aggregate the Answer rows.
 */
async function aggregate(form: ReadableForm, metadata: Record<string, string> | undefined, responses: Prisma.Sql | undefined) {
  const scope = { formId: form.id, metadata, responses };
  if (hasMetadata(metadata) || responses) return shapeSummaries(form.questions, await rawAggregates(scope, form.questions));
  const counted = form.questions.filter((q) => statKindsAgree(form.typesByKey.get(q.key) ?? [q.type]));
  const raw = form.questions.filter((q) => !counted.includes(q));
  const [fromCounters, fromRows] = await Promise.all([countedAggregates(form.id, counted), rawAggregates(scope, raw)]);
  return shapeSummaries(form.questions, mergeAggregates(fromCounters, fromRows));
}

/** The union of two aggregates over disjoint sets of questions. */
function mergeAggregates(a: Aggregates, b: Aggregates): Aggregates {
  const merge = <V>(x: Map<string, V>, y: Map<string, V>) => new Map([...x, ...y]);
  return {
    values: merge(a.values, b.values),
    answered: merge(a.answered, b.answered),
    numbers: merge(a.numbers, b.numbers),
    latest: merge(a.latest, b.latest),
    top: merge(a.top, b.top),
    unanswered: merge(a.unanswered, b.unanswered),
    files: merge(a.files, b.files),
  };
}

async function countTotals(form: ReadableForm, query: AnalyticsSummaryQuery, outcome: Prisma.Sql | undefined, now: Date) {
  const { metadata } = query;
  const days = utcDaysEnding(now, WEEK_DAYS);
  const today = days[days.length - 1];
  const filter = outcome ? Prisma.sql` AND ${outcome}` : andMetadata(metadata, Prisma.sql`r."id"`);
  // submittedDay is set only on finished responses: this reads the
  // (formId, submittedDay) index alone when unfiltered.
  const [week] = await db.$queryRaw<{ week: number | bigint | null; today: number | bigint | null }[]>(Prisma.sql`
    SELECT COUNT(*) AS week, SUM(CASE WHEN r."submittedDay" = ${today} THEN 1 ELSE 0 END) AS today
    FROM "Response" r
    WHERE r."formId" = ${form.id} AND r."submittedDay" >= ${days[0]} AND r."submittedDay" <= ${today} ${filter}`);
  const total = await countResponses(form, { metadata, ending: query.ending, scoreMin: query.scoreMin, scoreMax: query.scoreMax });
  return { totalResponses: total, todayResponses: Number(week.today ?? 0), weekResponses: Number(week.week ?? 0) };
}

/**
 * finished ÷ max(views, responses started), 0 when both are 0, so it stays
 * within 0..1 even for submissions that never loaded the page. Views carry no
 * metadata: under metadata filters the rate is finished ÷ started among the
 * matching responses (partial ones carry their hidden values too).
 */
async function completion(form: ReadableForm, metadata: Record<string, string> | undefined): Promise<number> {
  const [finished, unfinished, views] = await Promise.all([
    countResponses(form, { metadata }),
    hasMetadata(metadata)
      ? count(Prisma.sql`SELECT COUNT(*) AS n FROM "Answer" m WHERE ${metadataDriver(form.id, metadata, false)}`)
      : // Unfinished = in progress: not the ones submitted and held as suspected spam (submittedAt set).
        count(Prisma.sql`SELECT COUNT(*) AS n FROM "Response" r WHERE r."formId" = ${form.id} AND r."finished" = FALSE AND r."submittedAt" IS NULL`),
    hasMetadata(metadata) ? Promise.resolve(0) : count(Prisma.sql`SELECT v."count" AS n FROM "FormViewCount" v WHERE v."formId" = ${form.id}`),
  ]);
  const started = finished + unfinished;
  const denominator = Math.max(views, started);
  return denominator === 0 ? 0 : Math.min(1, Math.round((finished / denominator) * 10_000) / 10_000);
}

async function count(query: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<Count[]>(query);
  return Number(row?.n ?? 0);
}
