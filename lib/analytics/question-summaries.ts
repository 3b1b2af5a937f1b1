/**
 * Per-question aggregates, each computed by SQL over the Answer rows of
 * finished responses (GROUP BY / COUNT / AVG / MIN / MAX on the covering
 * (formId, finished, questionKey, value, responseId) indexes). JavaScript only
 * shapes the few aggregated rows that come back.
 */
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { andMetadata, hasMetadata, metadataDriver } from "@/lib/responses/filters";
import type { Question, QuestionOf } from "@/lib/schema/form-schema";

export const LATEST_TEXT_ANSWERS = 5;
export const TOP_HIDDEN_VALUES = 10;

export interface QuestionSummary {
  /** Finished responses (after the filters) that answered this question. */
  responses: number;
  summary: Record<string, unknown>;
}

export interface Scope {
  formId: string;
  metadata?: Record<string, string>;
}

/** Averages are rounded to 2 decimals: enough for a 0..10 scale, stable to compare. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

const keyList = (questions: Question[]) => Prisma.join(questions.map((q) => q.key));

/**
 * FROM + WHERE over `"Answer" a`: the answers of finished responses to these
 * questions that pass the filters. Unfiltered it is one covering index range
 * per question. With metadata filters it is driven from the filter's own
 * index range (CROSS JOIN keeps that order on SQLite) and probes each
 * matching response's answers on the covering (responseId, questionKey,
 * valueText, valueNumber) index, so its cost follows what the filter matches.
 * (m is finished, so are its response's other answers: Answer.finished
 * mirrors Response.finished.)
 */
function answersOf(scope: Scope, questions: Question[]) {
  const keys = keyList(questions);
  if (!hasMetadata(scope.metadata)) {
    return Prisma.sql`FROM "Answer" a WHERE a."formId" = ${scope.formId} AND a."finished" = TRUE AND a."questionKey" IN (${keys})`;
  }
  return Prisma.sql`FROM "Answer" m CROSS JOIN "Answer" a
    WHERE ${metadataDriver(scope.formId, scope.metadata, true)}
      AND a."responseId" = m."responseId" AND a."questionKey" IN (${keys})`;
}

type Grouped = { k: string; t: string | null; v: number | null; n: number | bigint };

/**
 * Answer rows per value, for scale questions (by valueNumber) and choice-like
 * ones (by valueText), in ONE pass over the answers (a filtered summary walks
 * the matching responses once for all of them).
 */
async function countsByValue(scope: Scope, scaled: Question[], choices: Question[]) {
  const byKey = new Map<string, Map<string | number, number>>();
  const questions = [...scaled, ...choices];
  if (!questions.length) return byKey;
  const numeric = new Set(scaled.map((q) => q.key));
  const rows = await db.$queryRaw<Grouped[]>(Prisma.sql`
    SELECT a."questionKey" AS k, a."valueText" AS t, a."valueNumber" AS v, COUNT(*) AS n
    ${answersOf(scope, questions)}
    GROUP BY a."questionKey", a."valueText", a."valueNumber"`);
  for (const row of rows) {
    const value = numeric.has(row.k) ? (row.v === null ? null : Number(row.v)) : row.t;
    if (value === null) continue;
    const counts = byKey.get(row.k) ?? new Map<string | number, number>();
    counts.set(value, (counts.get(value) ?? 0) + Number(row.n));
    byKey.set(row.k, counts);
  }
  return byKey;
}

interface KeyTotals {
  /** Answer rows. */
  rows: number;
  /** Responses (a multiple-choice answer has one row per pick). */
  responses: number;
  stats: NumberStats;
}

/** Per question: rows, responses and number statistics, in ONE pass over the answers. */
async function totalsByKey(scope: Scope, questions: Question[]) {
  const byKey = new Map<string, KeyTotals>();
  if (!questions.length) return byKey;
  const rows = await db.$queryRaw<{ k: string; n: number | bigint; d: number | bigint; avg: number | null; min: number | null; max: number | null }[]>(Prisma.sql`
    SELECT a."questionKey" AS k, COUNT(*) AS n, COUNT(DISTINCT a."responseId") AS d,
           AVG(CAST(a."valueNumber" AS DOUBLE PRECISION)) AS avg, MIN(a."valueNumber") AS min, MAX(a."valueNumber") AS max
    ${answersOf(scope, questions)}
    GROUP BY a."questionKey"`);
  for (const r of rows) {
    const n = Number(r.n);
    const stats = { count: n, avg: r.avg === null ? null : round2(Number(r.avg)), min: r.min === null ? null : Number(r.min), max: r.max === null ? null : Number(r.max) };
    byKey.set(r.k, { rows: n, responses: Number(r.d), stats });
  }
  return byKey;
}

const sum = (values: Iterable<number>) => [...values].reduce((s, n) => s + n, 0);

/** rating and nps: the distribution by SQL; count and avg follow exactly from it. */
function scaleSummary(values: number[], counts: Map<string | number, number> | undefined) {
  const distribution = Object.fromEntries(values.map((v) => [String(v), counts?.get(v) ?? 0]));
  const count = sum(Object.values(distribution));
  const total = values.reduce((s, v) => s + v * distribution[String(v)], 0);
  return { avg: count ? round2(total / count) : 0, count, distribution };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export interface NumberStats {
  count: number;
  avg: number | null;
  min: number | null;
  max: number | null;
}

export interface LatestAnswer {
  value: string;
  submittedAt: string;
}

/**
 * What the per-question summaries are made of, by question key. Two sources
 * fill it: the Answer rows (rawAggregates: any filter) and the running
 * counters (counted-summaries.ts: unfiltered); shapeSummaries() turns either
 * into the same summaries.
 */
export interface Aggregates {
  scaleCounts: Map<string, Map<string | number, number>>;
  choiceCounts: Map<string, Map<string | number, number>>;
  /** multiple-choice: responses that picked at least one option. */
  multiAnswered: Map<string, number>;
  numberStats: Map<string, NumberStats>;
  textCounts: Map<string, number>;
  latest: Map<string, LatestAnswer[]>;
  top: Map<string, { count: number; top: { value: string; count: number }[] }>;
}

export const ofTypes = (questions: Question[], ...types: Question["type"][]) => questions.filter((q) => types.includes(q.type));
export const TEXT_TYPES: Question["type"][] = ["short-text", "long-text", "email", "url", "phone", "date"];

/** The aggregates computed from the Answer rows (filters applied first). */
export async function rawAggregates(scope: Scope, questions: Question[]): Promise<Aggregates> {
  const texts = ofTypes(questions, ...TEXT_TYPES);
  const hidden = ofTypes(questions, "hidden");
  const multi = ofTypes(questions, "multiple-choice");
  const numbers = ofTypes(questions, "number");
  const [counts, totals, latest, top] = await Promise.all([
    countsByValue(scope, ofTypes(questions, "rating", "nps"), ofTypes(questions, "single-choice", "dropdown", "multiple-choice", "yes-no")),
    totalsByKey(scope, [...multi, ...numbers, ...texts]),
    Promise.all(texts.map((q) => latestAnswers(scope, q.key))),
    Promise.all(hidden.map((q) => topValues(scope, q.key))),
  ]);
  const totalOf = (q: Question) => totals.get(q.key);
  const scaleCounts = counts;
  const choiceCounts = counts;
  const multiAnswered = new Map(multi.map((q) => [q.key, totalOf(q)?.responses ?? 0]));
  const numberStats = new Map(numbers.flatMap((q) => (totalOf(q) ? [[q.key, totalOf(q)!.stats] as const] : [])));
  const textCounts = new Map(texts.map((q) => [q.key, totalOf(q)?.rows ?? 0]));
  return {
    scaleCounts,
    choiceCounts,
    multiAnswered,
    numberStats,
    textCounts,
    latest: new Map(texts.map((q, i) => [q.key, latest[i]])),
    top: new Map(hidden.map((q, i) => [q.key, top[i]])),
  };
}

export async function summarizeQuestions(scope: Scope, questions: Question[]): Promise<Map<string, QuestionSummary>> {
  return shapeSummaries(questions, await rawAggregates(scope, questions));
}

/** The summaries of `questions`, shaped per type from aggregates of either source. */
export function shapeSummaries(questions: Question[], agg: Aggregates): Map<string, QuestionSummary> {
  const { scaleCounts, choiceCounts, multiAnswered, numberStats, textCounts } = agg;
  const latestByKey = agg.latest;
  const topByKey = agg.top;
  const out = new Map<string, QuestionSummary>();
  for (const q of questions) {
    switch (q.type) {
      case "rating":
      case "nps": {
        const base = scaleSummary(q.type === "nps" ? range(0, 10) : range(q.scaleMin, q.scaleMax), scaleCounts.get(q.key));
        out.set(q.key, { responses: base.count, summary: q.type === "nps" ? { ...base, ...npsScore(base.distribution, base.count) } : base });
        break;
      }
      case "single-choice":
      case "dropdown":
      case "multiple-choice": {
        const counts = choiceCounts.get(q.key);
        // Every current option, zeros included; values of options a later version removed are left out.
        const options = Object.fromEntries(q.options.map((o) => [o, counts?.get(o) ?? 0]));
        const responses = q.type === "multiple-choice" ? (multiAnswered.get(q.key) ?? 0) : sum(Object.values(options));
        out.set(q.key, { responses, summary: { count: responses, options } });
        break;
      }
      case "yes-no": {
        const counts = choiceCounts.get(q.key);
        const yes = counts?.get("yes") ?? 0;
        const no = counts?.get("no") ?? 0;
        out.set(q.key, { responses: yes + no, summary: { count: yes + no, yes, no } });
        break;
      }
      case "number": {
        const stats = numberStats.get(q.key) ?? { count: 0, avg: null, min: null, max: null };
        out.set(q.key, { responses: stats.count, summary: { ...stats } });
        break;
      }
      case "hidden": {
        const { count, top } = topByKey.get(q.key) ?? { count: 0, top: [] };
        out.set(q.key, { responses: count, summary: { count, top } });
        break;
      }
      case "statement":
        break;
      default: {
        const count = textCounts.get(q.key) ?? 0;
        out.set(q.key, { responses: count, summary: { count, latest: latestByKey.get(q.key) ?? [] } });
      }
    }
  }
  return out;
}

/** NPS: promoters 9–10, passives 7–8, detractors 0–6; score = %promoters − %detractors, rounded to a whole number. */
function npsScore(distribution: Record<string, number>, count: number) {
  const between = (lo: number, hi: number) => sum(range(lo, hi).map((v) => distribution[String(v)]));
  const promoters = between(9, 10);
  const passives = between(7, 8);
  const detractors = between(0, 6);
  return { promoters, passives, detractors, score: count ? Math.round(((promoters - detractors) / count) * 100) : 0 };
}

/**
 * The newest answers to a text question. Walks finished responses newest
 * first (the list's index) and probes each one's answer, so it stops after a
 * few rows instead of sorting every answer.
 */
export async function latestAnswers(scope: Scope, key: string): Promise<LatestAnswer[]> {
  const rows = await db.$queryRaw<{ value: string; submittedAt: Date }[]>(Prisma.sql`
    SELECT a."valueText" AS value, r."submittedAt" AS "submittedAt"
    FROM "Response" r JOIN "Answer" a ON a."responseId" = r."id" AND a."questionKey" = ${key}
    WHERE r."formId" = ${scope.formId} AND r."finished" = TRUE ${andMetadata(scope.metadata, Prisma.sql`r."id"`)}
    ORDER BY r."submittedAt" DESC, r."id" DESC
    LIMIT ${LATEST_TEXT_ANSWERS}`);
  return rows.map((r) => ({ value: r.value, submittedAt: new Date(r.submittedAt).toISOString() }));
}

/**
 * The most frequent values of a hidden question (ties: alphabetical) and how
 * many responses carry it, from one pass (the window sums every group).
 */
async function topValues(scope: Scope, key: string) {
  const rows = await db.$queryRaw<{ v: string; n: number | bigint; total: number | bigint }[]>(Prisma.sql`
    SELECT a."valueText" AS v, COUNT(*) AS n, SUM(COUNT(*)) OVER () AS total
    ${answersOf(scope, [{ key, type: "hidden" }])}
    GROUP BY a."valueText" ORDER BY COUNT(*) DESC, a."valueText" ASC
    LIMIT ${TOP_HIDDEN_VALUES}`);
  return { count: Number(rows[0]?.total ?? 0), top: rows.map((r) => ({ value: r.v, count: Number(r.n) })) };
}
