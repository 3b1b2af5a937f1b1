/**
 * The analytics summary: totals, completion rate and per-question aggregates,
 * with metadata filters applied before any aggregation. All counting is SQL.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { andMetadata, checkMetadataKeys, countResponses, hasMetadata, metadataDriver, metadataFilterSchema } from "@/lib/responses/filters";
import { getReadableForm, type ReadableForm } from "@/lib/responses/readable-form";
import { statKindsAgree } from "./answer-stats";
import { countedAggregates } from "./counted-summaries";
import { rawAggregates, shapeSummaries, type Aggregates } from "./question-summaries";
import { utcDaysEnding } from "./trend";

export const analyticsSummaryQuerySchema = z
  .strictObject({ metadata: metadataFilterSchema.optional() })
  .meta({ id: "AnalyticsSummaryQuery" });
export type AnalyticsSummaryQuery = z.output<typeof analyticsSummaryQuerySchema>;

const counts = z.record(z.string(), z.int());
const latest = z.array(z.object({ value: z.string(), submittedAt: z.iso.datetime() }));
/** Per-type summary shapes (documentation and tests; question-summaries.ts builds them). */
export const questionSummarySchema = z.union([
  z.object({ avg: z.number(), count: z.int(), distribution: counts }).describe("rating: every scale value as a key"),
  z
    .object({ avg: z.number(), count: z.int(), distribution: counts, promoters: z.int(), passives: z.int(), detractors: z.int(), score: z.int().min(-100).max(100) })
    .describe("nps: 0..10; promoters 9-10, passives 7-8, detractors 0-6; score = %promoters - %detractors"),
  z.object({ count: z.int(), options: counts }).describe("single-choice, dropdown, multiple-choice (picks per option; count = responses)"),
  z.object({ count: z.int(), yes: z.int(), no: z.int() }).describe("yes-no"),
  z.object({ count: z.int(), avg: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable() }).describe("number"),
  z.object({ count: z.int(), latest }).describe("text types and date: the 5 newest answers"),
  z.object({ count: z.int(), top: z.array(z.object({ value: z.string(), count: z.int() })) }).describe("hidden: the 10 most frequent values"),
]);

export const analyticsSummarySchema = z
  .object({
    formId: z.string(),
    totalResponses: z.int(),
    todayResponses: z.int().describe("Finished responses submitted today (UTC)"),
    weekResponses: z.int().describe("Finished responses of the 7 UTC days ending today"),
    completionRate: z.number().min(0).max(1),
    questions: z.array(z.object({ key: z.string(), title: z.string(), type: z.string(), responses: z.int(), summary: questionSummarySchema })),
  })
  .meta({ id: "AnalyticsSummary" });

/** "This week" is the 7 UTC days ending today (today included), not the calendar week. */
export const WEEK_DAYS = 7;

type Count = { n: number | bigint | null };

export async function getSummary(userId: string, formId: string, query: AnalyticsSummaryQuery, now = new Date()) {
  const form = await getReadableForm(userId, formId);
  checkMetadataKeys(form, query.metadata);
  const [totals, completionRate, summaries] = await Promise.all([
    countTotals(form, query.metadata, now),
    completion(form, query.metadata),
    aggregate(form, query.metadata),
  ]);
  return {
    formId: form.id,
    ...totals,
    completionRate,
    questions: form.questions.flatMap((q) => {
      const s = summaries.get(q.key);
      return s ? [{ key: q.key, title: q.title ?? q.key, type: q.type, responses: s.responses, summary: s.summary }] : [];
    }),
  };
}

/**
 * Unfiltered, every question whose counters describe it (statKindsAgree) is
 * read from the counters; metadata filters, and keys whose type changed kind
 * between versions, aggregate the Answer rows.
 */
async function aggregate(form: ReadableForm, metadata: Record<string, string> | undefined) {
  const scope = { formId: form.id, metadata };
  if (hasMetadata(metadata)) return shapeSummaries(form.questions, await rawAggregates(scope, form.questions));
  const counted = form.questions.filter((q) => statKindsAgree(form.typesByKey.get(q.key) ?? [q.type]));
  const raw = form.questions.filter((q) => !counted.includes(q));
  const [fromCounters, fromRows] = await Promise.all([countedAggregates(form.id, counted), rawAggregates(scope, raw)]);
  return shapeSummaries(form.questions, mergeAggregates(fromCounters, fromRows));
}

/** The union of two aggregates over disjoint sets of questions. */
function mergeAggregates(a: Aggregates, b: Aggregates): Aggregates {
  const merge = <V>(x: Map<string, V>, y: Map<string, V>) => new Map([...x, ...y]);
  return {
    scaleCounts: merge(a.scaleCounts, b.scaleCounts),
    choiceCounts: merge(a.choiceCounts, b.choiceCounts),
    multiAnswered: merge(a.multiAnswered, b.multiAnswered),
    numberStats: merge(a.numberStats, b.numberStats),
    textCounts: merge(a.textCounts, b.textCounts),
    latest: merge(a.latest, b.latest),
    top: merge(a.top, b.top),
  };
}

async function countTotals(form: ReadableForm, metadata: Record<string, string> | undefined, now: Date) {
  const days = utcDaysEnding(now, WEEK_DAYS);
  const today = days[days.length - 1];
  const filter = andMetadata(metadata, Prisma.sql`r."id"`);
  // submittedDay is set only on finished responses: this reads the
  // (formId, submittedDay) index alone when unfiltered.
  const [week] = await db.$queryRaw<{ week: number | bigint | null; today: number | bigint | null }[]>(Prisma.sql`
    SELECT COUNT(*) AS week, SUM(CASE WHEN r."submittedDay" = ${today} THEN 1 ELSE 0 END) AS today
    FROM "Response" r
    WHERE r."formId" = ${form.id} AND r."submittedDay" >= ${days[0]} AND r."submittedDay" <= ${today} ${filter}`);
  const total = await countResponses(form, { metadata });
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
      : count(Prisma.sql`SELECT COUNT(*) AS n FROM "Response" r WHERE r."formId" = ${form.id} AND r."finished" = FALSE`),
    hasMetadata(metadata) ? Promise.resolve(0) : count(Prisma.sql`SELECT COUNT(*) AS n FROM "FormView" v WHERE v."formId" = ${form.id}`),
  ]);
  const started = finished + unfinished;
  const denominator = Math.max(views, started);
  return denominator === 0 ? 0 : Math.min(1, Math.round((finished / denominator) * 10_000) / 10_000);
}

async function count(query: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<Count[]>(query);
  return Number(row?.n ?? 0);
}
