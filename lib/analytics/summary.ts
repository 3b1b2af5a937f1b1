/**
 * The analytics summary: totals, completion rate and per-question aggregates,
 * with metadata filters applied before any aggregation. All counting is SQL.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { andMetadata, checkMetadataKeys, countResponses, hasMetadata, metadataDriver, metadataFilterSchema } from "@/lib/responses/filters";
import { getReadableForm, type ReadableForm } from "@/lib/responses/readable-form";
import { summarizeQuestions } from "./question-summaries";
import { utcDaysEnding } from "./trend";

export const analyticsSummaryQuerySchema = z
  .strictObject({ metadata: metadataFilterSchema.optional() })
  .meta({ id: "AnalyticsSummaryQuery" });
export type AnalyticsSummaryQuery = z.output<typeof analyticsSummaryQuerySchema>;

/** "This week" is the 7 UTC days ending today (today included), not the calendar week. */
export const WEEK_DAYS = 7;

type Count = { n: number | bigint | null };

export async function getSummary(userId: string, formId: string, query: AnalyticsSummaryQuery, now = new Date()) {
  const form = await getReadableForm(userId, formId);
  checkMetadataKeys(form, query.metadata);
  const scope = { formId: form.id, metadata: query.metadata };
  const [totals, completionRate, summaries] = await Promise.all([
    countTotals(form, query.metadata, now),
    completion(form, query.metadata),
    summarizeQuestions(scope, form.questions),
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
