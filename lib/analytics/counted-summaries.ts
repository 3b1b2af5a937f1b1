/**
 * Unfiltered per-question aggregates from the running counters (AnswerStat,
 * see answer-stats.ts) instead of the Answer rows: the cost follows the number
 * of distinct values, not of responses. What the counters cannot hold comes
 * from cheap index probes: a number question's min and max (one end of its
 * (formId, finished, questionKey, valueNumber) index range each) and a text
 * question's latest answers (the newest responses first, stopping after 5),
 * and a file question's files (no counter holds their sizes: fileTotals).
 * The results are exactly those of rawAggregates() over the same rows (the
 * analytics tests compare both).
 */
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import type { Question } from "@/lib/schema/form-schema";
import { ANSWERED, ON_PATH_UNANSWERED, statKindOf } from "./answer-stats";
import type { ValueCount } from "@/lib/question-types/spec";
import { fileTotals, latestAnswers, latestExcluding, needing, round2, TOP_HIDDEN_VALUES, type Aggregates, type NumberStats } from "./question-summaries";

interface StatRow {
  k: string;
  bucket: string;
  n: number | bigint;
  sum: number;
}

export async function countedAggregates(formId: string, questions: Question[]): Promise<Aggregates> {
  const latestOf = needing(questions, "latest");
  const hidden = needing(questions, "top");
  const numbers = needing(questions, "numbers");
  const [rows, latest, top, extremes, files] = await Promise.all([
    statRows(formId, questions),
    Promise.all(latestOf.map((q) => latestAnswers({ formId }, q.key, latestExcluding(q)))),
    Promise.all(hidden.map((q) => topValues(formId, q.key))),
    Promise.all(numbers.map((q) => numberExtremes(formId, q.key))),
    fileTotals({ formId }, needing(questions, "files")),
  ]);

  const answered = new Map<string, StatRow>();
  const unanswered = new Map<string, number>();
  const values = new Map<string, Map<string | number, ValueCount>>();
  const kindOf = new Map(questions.map((q) => [q.key, statKindOf(q.type)]));
  for (const row of rows) {
    if (row.bucket === ANSWERED) {
      answered.set(row.k, row);
      continue;
    }
    if (row.bucket === ON_PATH_UNANSWERED) {
      unanswered.set(row.k, Number(row.n));
      continue;
    }
    const raw = row.bucket.slice(1);
    const counts = values.get(row.k) ?? new Map<string | number, ValueCount>();
    counts.set(kindOf.get(row.k) === "scale" ? Number(raw) : raw, { count: Number(row.n), sum: Number(row.sum) });
    values.set(row.k, counts);
  }
  const answeredCount = (key: string) => Number(answered.get(key)?.n ?? 0);

  const numberStats = new Map<string, NumberStats>();
  numbers.forEach((q, i) => {
    const count = answeredCount(q.key);
    // No answers left (all deleted) reads like no answers at all.
    if (count > 0) numberStats.set(q.key, { count, avg: round2(Number(answered.get(q.key)!.sum) / count), ...extremes[i] });
  });
  return {
    values,
    answered: new Map(questions.map((q) => [q.key, answeredCount(q.key)])),
    numbers: numberStats,
    latest: new Map(latestOf.map((q, i) => [q.key, latest[i]])),
    top: new Map(hidden.map((q, i) => [q.key, { count: answeredCount(q.key), top: top[i] }])),
    unanswered,
    files,
  };
}

/** Every counter row of these questions, except hidden questions' per-value rows (read top-N by topValues). "~" rows never belong to hidden ones. */
async function statRows(formId: string, questions: Question[]): Promise<StatRow[]> {
  const keys = questions.filter((q) => statKindOf(q.type) !== null).map((q) => q.key);
  if (!keys.length) return [];
  const spread = needing(questions, "values").map((q) => q.key);
  const perValue = spread.length ? Prisma.sql`OR s."questionKey" IN (${Prisma.join(spread)})` : Prisma.empty;
  return db.$queryRaw<StatRow[]>(Prisma.sql`
    SELECT s."questionKey" AS k, s."bucket" AS bucket, SUM(s."count") AS n, SUM(s."sum") AS sum
    FROM "AnswerStat" s
    WHERE s."formId" = ${formId} AND s."questionKey" IN (${Prisma.join(keys)}) AND (s."bucket" IN (${ANSWERED}, ${ON_PATH_UNANSWERED}) ${perValue})
    GROUP BY s."questionKey", s."bucket"`);
}

/** The most frequent values of a hidden question (ties: alphabetical), from its counter rows. */
async function topValues(formId: string, key: string) {
  const rows = await db.$queryRaw<{ bucket: string; n: number | bigint }[]>(Prisma.sql`
    SELECT s."bucket" AS bucket, SUM(s."count") AS n
    FROM "AnswerStat" s
    WHERE s."formId" = ${formId} AND s."questionKey" = ${key} AND s."bucket" <> ${ANSWERED}
    GROUP BY s."bucket"
    HAVING SUM(s."count") > 0
    ORDER BY n DESC, s."bucket" ASC
    LIMIT ${TOP_HIDDEN_VALUES}`);
  return rows.map((r) => ({ value: r.bucket.slice(1), count: Number(r.n) }));
}

/** min and max of a number question: the two ends of its index range (no scan). */
async function numberExtremes(formId: string, key: string): Promise<Pick<NumberStats, "min" | "max">> {
  const end = (order: Prisma.Sql) =>
    db.$queryRaw<{ v: number | null }[]>(Prisma.sql`
      SELECT a."valueNumber" AS v FROM "Answer" a
      WHERE a."formId" = ${formId} AND a."finished" = TRUE AND a."questionKey" = ${key} AND a."valueNumber" IS NOT NULL
      ORDER BY a."valueNumber" ${order} LIMIT 1`);
  const [[min], [max]] = await Promise.all([end(Prisma.sql`ASC`), end(Prisma.sql`DESC`)]);
  return { min: min ? Number(min.v) : null, max: max ? Number(max.v) : null };
}
