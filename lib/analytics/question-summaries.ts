/**
 * Per-question aggregates, each computed by SQL over the Answer rows of
 * finished responses (GROUP BY / COUNT / AVG / MIN / MAX on the covering
 * (formId, finished, questionKey, value, responseId) indexes). JavaScript only
 * shapes the few aggregated rows that come back.
 */
import { db, provider } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { andMetadata, hasMetadata, metadataDriver } from "@/lib/responses/filters";
import { specOf } from "@/lib/question-types";
import type { FileTotals, KeyAggregates, LatestAnswer, NumberStats, SummaryNeed, ValueCount } from "@/lib/question-types/spec";
import type { Question } from "@/lib/schema/form-schema";

export type { LatestAnswer, NumberStats } from "@/lib/question-types/spec";
import { round2 } from "@/lib/question-types/kinds";

export { round2 };

export const LATEST_TEXT_ANSWERS = 5;
export const TOP_HIDDEN_VALUES = 10;

export interface QuestionSummary {
  /** Finished responses (after the filters) that answered this question. */
  responses: number;
  /** The type's summary (its registry entry's summary.schema). */
  summary: unknown;
  /** Finished responses (after the filters) whose path held it but left it unanswered. */
  unanswered: number;
}

export interface Scope {
  formId: string;
  metadata?: Record<string, string>;
  /**
   * With ending/score filters: the conditions on `"Response" r` of the
   * matching finished responses (lib/responses/filters.ts responseWhere,
   * metadata included); the answers are then read per matching response.
   */
  responses?: Prisma.Sql;
}


const keyList = (questions: Question[]) => Prisma.join(questions.map((q) => q.key));

/**
 * FROM + WHERE over `"Answer" a`: the answers of finished responses to these
 * questions that pass the filters. Unfiltered it is one covering index range
 * per question. With metadata filters it is driven from the filter's own
 * index range (CROSS JOIN keeps that order on SQLite) and probes each
 * matching response's answers on the covering (responseId, questionKey,
 * valueText, valueNumber) index, so its cost follows what the filter matches.
 * (m is finished, so are its response's other answers: Answer.finished
 * mirrors Response.finished.) `joined` joins more tables to each answer row.
 */
function answersOf(scope: Scope, questions: Question[], joined = Prisma.empty) {
  const keys = keyList(questions);
  // Driven from the (formId, finished, ending, score, leftAt) range of the matching responses.
  if (scope.responses) {
    return Prisma.sql`FROM "Response" r CROSS JOIN "Answer" a ${joined}
      WHERE ${scope.responses} AND a."responseId" = r."id" AND a."questionKey" IN (${keys})`;
  }
  if (!hasMetadata(scope.metadata)) {
    return Prisma.sql`FROM "Answer" a ${joined} WHERE a."formId" = ${scope.formId} AND a."finished" = TRUE AND a."questionKey" IN (${keys})`;
  }
  return Prisma.sql`FROM "Answer" m CROSS JOIN "Answer" a ${joined}
    WHERE ${metadataDriver(scope.formId, scope.metadata, true)}
      AND a."responseId" = m."responseId" AND a."questionKey" IN (${keys})`;
}

type Grouped = { k: string; t: string | null; v: number | null; n: number | bigint };

/**
 * Answer rows per value (by valueNumber for scale kinds, by valueText
 * otherwise; ranked kinds also sum their positions), in ONE pass over the
 * answers (a filtered summary walks the matching responses once for all).
 */
async function countsByValue(scope: Scope, questions: Question[]) {
  const byKey = new Map<string, Map<string | number, ValueCount>>();
  if (!questions.length) return byKey;
  const kindOf = new Map(questions.map((q) => [q.key, specOf(q).statKind]));
  const rows = await db.$queryRaw<Grouped[]>(Prisma.sql`
    SELECT a."questionKey" AS k, a."valueText" AS t, a."valueNumber" AS v, COUNT(*) AS n
    ${answersOf(scope, questions)}
    GROUP BY a."questionKey", a."valueText", a."valueNumber"`);
  for (const row of rows) {
    const kind = kindOf.get(row.k);
    const value = kind === "scale" ? (row.v === null ? null : Number(row.v)) : row.t;
    if (value === null) continue;
    const counts = byKey.get(row.k) ?? new Map<string | number, ValueCount>();
    const c = counts.get(value) ?? { count: 0, sum: 0 };
    c.count += Number(row.n);
    if (kind === "ranked") c.sum += Number(row.v ?? 0) * Number(row.n);
    counts.set(value, c);
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

/**
 * Per file-holding question: the stored files its answers name (one answer
 * row per file id) and their total size, in ONE pass over the answers, each
 * probing its file by primary key. A file counts only while it is attached to
 * the response whose answer names it.
 */
export async function fileTotals(scope: Scope, questions: Question[]): Promise<Map<string, FileTotals>> {
  if (!questions.length) return new Map();
  const rows = await db.$queryRaw<{ k: string; n: number | bigint; bytes: number | bigint | string | null }[]>(Prisma.sql`
    SELECT a."questionKey" AS k, COUNT(*) AS n, SUM(f."size") AS bytes
    ${answersOf(scope, questions, Prisma.sql`JOIN "StoredFile" f ON f."id" = a."valueText" AND f."responseId" = a."responseId"`)}
    GROUP BY a."questionKey"`);
  return new Map(rows.map((r) => [r.k, { files: Number(r.n), bytes: Number(r.bytes ?? 0) }]));
}

/**
 * What the per-question summaries are made of, by question key (each
 * question's summary `needs` say which it gets). Two sources fill it: the
 * Answer rows (rawAggregates: any filter) and the running counters
 * (counted-summaries.ts: unfiltered); shapeSummaries() turns either into the
 * same summaries through the registry.
 */
export interface Aggregates {
  values: Map<string, Map<string | number, ValueCount>>;
  answered: Map<string, number>;
  numbers: Map<string, NumberStats>;
  latest: Map<string, LatestAnswer[]>;
  top: Map<string, { count: number; top: { value: string; count: number }[] }>;
  /** Finished responses whose path held the question but left it unanswered (paths.ts). */
  unanswered: Map<string, number>;
  /** Either source reads them from the Answer rows and the files (fileTotals). */
  files: Map<string, FileTotals>;
}

/** The questions whose summary needs any of `needs`. */
export const needing = (questions: Question[], ...needs: SummaryNeed[]) =>
  questions.filter((q) => specOf(q).summary.needs(q).some((n) => needs.includes(n)));

/** With allowOther, the latest answers a summary keeps are the "Other" texts: the options are left out. */
export const latestExcluding = (q: Question) => ("allowOther" in q && q.allowOther ? q.options : []);

/** The aggregates computed from the Answer rows (filters applied first). */
export async function rawAggregates(scope: Scope, questions: Question[]): Promise<Aggregates> {
  const latestOf = needing(questions, "latest");
  const hidden = needing(questions, "top");
  const numbers = needing(questions, "numbers");
  const [values, totals, latest, top, unanswered, files] = await Promise.all([
    countsByValue(scope, needing(questions, "values")),
    totalsByKey(scope, needing(questions, "answered", "numbers")),
    Promise.all(latestOf.map((q) => latestAnswers(scope, q.key, latestExcluding(q)))),
    Promise.all(hidden.map((q) => topValues(scope, q.key))),
    unansweredOnPath(scope, questions),
    fileTotals(scope, needing(questions, "files")),
  ]);
  return {
    values,
    answered: new Map([...totals].map(([k, t]) => [k, t.responses])),
    numbers: new Map(numbers.flatMap((q) => (totals.get(q.key) ? [[q.key, totals.get(q.key)!.stats] as const] : []))),
    latest: new Map(latestOf.map((q, i) => [q.key, latest[i]])),
    top: new Map(hidden.map((q, i) => [q.key, top[i]])),
    unanswered,
    files,
  };
}

export async function summarizeQuestions(scope: Scope, questions: Question[]): Promise<Map<string, QuestionSummary>> {
  return shapeSummaries(questions, await rawAggregates(scope, questions));
}

/** The summaries of `questions`, shaped by each type's registry entry from aggregates of either source. */
export function shapeSummaries(questions: Question[], agg: Aggregates): Map<string, QuestionSummary> {
  const out = new Map<string, QuestionSummary>();
  for (const q of questions) {
    const of: KeyAggregates = {
      values: agg.values.get(q.key) ?? new Map(),
      answered: agg.answered.get(q.key) ?? 0,
      numbers: agg.numbers.get(q.key) ?? null,
      latest: agg.latest.get(q.key) ?? [],
      top: agg.top.get(q.key) ?? { count: 0, top: [] },
      files: agg.files.get(q.key) ?? { files: 0, bytes: 0 },
    };
    const shaped = specOf(q).summary.shape(q, of);
    if (shaped) out.set(q.key, { ...shaped, unanswered: agg.unanswered.get(q.key) ?? 0 });
  }
  return out;
}

/**
 * The newest answers to a text question. Walks finished responses newest
 * first (the list's index) and probes each one's answer, so it stops after a
 * few rows instead of sorting every answer.
 */
export async function latestAnswers(scope: Scope, key: string, excluding: string[] = []): Promise<LatestAnswer[]> {
  // Leaving options out ("Other" texts only) may walk further back when others are rare.
  const others = excluding.length ? Prisma.sql`AND a."valueText" NOT IN (${Prisma.join(excluding)})` : Prisma.empty;
  const matching = scope.responses ?? Prisma.sql`r."formId" = ${scope.formId} AND r."finished" = TRUE ${andMetadata(scope.metadata, Prisma.sql`r."id"`)}`;
  const rows = await db.$queryRaw<{ value: string; submittedAt: Date }[]>(Prisma.sql`
    SELECT a."valueText" AS value, r."submittedAt" AS "submittedAt"
    FROM "Response" r JOIN "Answer" a ON a."responseId" = r."id" AND a."questionKey" = ${key} ${others}
    WHERE ${matching}
    ORDER BY r."submittedAt" DESC, r."id" DESC
    LIMIT ${LATEST_TEXT_ANSWERS}`);
  return rows.map((r) => ({ value: r.value, submittedAt: new Date(r.submittedAt).toISOString() }));
}

/**
 * Per question key: the matching finished responses whose path held it but
 * left it unanswered, from Response.pathUnanswered (a JSON array) unnested by
 * SQL and counted per key.
 */
async function unansweredOnPath(scope: Scope, questions: Question[]): Promise<Map<string, number>> {
  const keys = questions.filter((q) => q.type !== "hidden" && q.type !== "statement").map((q) => q.key);
  if (!keys.length) return new Map();
  // Metadata alone: driven from the filter's index range (as answersOf), so the cost follows the matches.
  const from =
    !scope.responses && hasMetadata(scope.metadata)
      ? Prisma.sql`"Answer" m CROSS JOIN "Response" r`
      : Prisma.sql`"Response" r`;
  const matching =
    scope.responses ??
    (hasMetadata(scope.metadata)
      ? Prisma.sql`${metadataDriver(scope.formId, scope.metadata, true)} AND r."id" = m."responseId"`
      : Prisma.sql`r."formId" = ${scope.formId} AND r."finished" = TRUE`);
  const unnest =
    provider === "sqlite"
      ? Prisma.sql`JOIN json_each(r."pathUnanswered") j`
      : Prisma.sql`JOIN LATERAL jsonb_array_elements_text(r."pathUnanswered"::jsonb) AS j("value") ON TRUE`;
  const rows = await db.$queryRaw<{ k: string; n: number | bigint }[]>(Prisma.sql`
    SELECT j."value" AS k, COUNT(*) AS n
    FROM ${from} ${unnest}
    WHERE ${matching} AND r."pathUnanswered" IS NOT NULL AND j."value" IN (${Prisma.join(keys)})
    GROUP BY j."value"`);
  return new Map(rows.map((r) => [r.k, Number(r.n)]));
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
