/**
 * Exact running totals of finished responses' answers (the AnswerStat table,
 * each counter the SUM of its shard rows: lib/db/raw.ts counterShard),
 * so that the unfiltered analytics summary reads a few counter rows instead of
 * one index entry per answer (about 12 per response: 12M at a million).
 *
 * They are changed only inside the transaction that finishes a response
 * (submit, or the PATCH that finishes a partial one: +1) or deletes a finished
 * one (−1), from the same Answer rows that transaction writes or removes, so
 * they can never disagree with the rows (a rolled back write rolls them back).
 *
 * Per question key:
 * - bucket "": count = finished responses that answered it, sum = the sum of
 *   their numeric values (a number question's average is sum ÷ count);
 * - bucket "~": count = finished responses whose path held it but left it
 *   unanswered (Response.pathUnanswered, see paths.ts): answered + this is
 *   how many had it on their path;
 * - bucket "=" + value: count = answer rows with that value, only for the
 *   question kinds whose summary is a distribution (see statKindOf). Free text
 *   and numbers get no per-value rows: they would be one row per answer.
 *
 * Which rows a response adds depends on its question types, taken from the
 * schema of the version it answered. If a later version gave a key a type of
 * another kind, the counters of that key no longer match what the current
 * type reports: the summary then reads the Answer rows for that key
 * (statKindsAgree).
 */
import { counterShard, join, sql, write, type RawWork } from "@/lib/db/raw";
import type { Provider } from "@/lib/db/url";
import { questionTypes, questionTypeSpecs, type QuestionType } from "@/lib/question-types";
import type { StatKind } from "@/lib/question-types/spec";
import type { Question } from "@/lib/schema/form-schema";
import type { AnswerValueRow } from "@/lib/responses/store";

export type { StatKind } from "@/lib/question-types/spec";

/** How a question's answers are counted: its registry entry's statKind. */
export const statKindOf = (type: QuestionType): StatKind => questionTypeSpecs[type].statKind;

/** The key's counters describe it exactly when every published version gave it a type of the same kind. */
export function statKindsAgree(types: Iterable<Question["type"]>): boolean {
  return new Set([...types].map(statKindOf)).size <= 1;
}

/** The bucket of the "answered" row, and the bucket of one value. */
export const ANSWERED = "";
export const ON_PATH_UNANSWERED = "~";
export const valueBucket = (value: string | number) => `=${value}`;

export interface StatDelta {
  questionKey: string;
  bucket: string;
  count: number;
  sum: number;
}

/**
 * The counter changes of one finished response, from its Answer rows and the
 * question types of the version it answered (sign −1 when it is deleted),
 * and the questions its path left unanswered (Response.pathUnanswered).
 * Sorted by (questionKey, bucket): concurrent writers on PostgreSQL then lock
 * shared counter rows in one order and cannot deadlock.
 */
export function statDeltas(questions: Pick<Question, "key" | "type">[], rows: AnswerValueRow[], sign: 1 | -1 = 1, unanswered: readonly string[] = []): StatDelta[] {
  const kindOf = new Map(questions.map((q) => [q.key, statKindOf(q.type)]));
  const deltas = new Map<string, StatDelta>();
  const add = (questionKey: string, bucket: string, count: number, sum: number) => {
    const id = `${questionKey}\u0000${bucket}`;
    const d = deltas.get(id) ?? { questionKey, bucket, count: 0, sum: 0 };
    d.count += count;
    d.sum += sum;
    deltas.set(id, d);
  };
  const answered = new Set<string>();
  for (const row of rows) {
    // A multiple-choice answer has one row per pick but is one response.
    add(row.questionKey, ANSWERED, answered.has(row.questionKey) ? 0 : sign, sign * (row.valueNumber ?? 0));
    answered.add(row.questionKey);
    const kind = kindOf.get(row.questionKey);
    if (kind === "scale" && row.valueNumber !== null) add(row.questionKey, valueBucket(row.valueNumber), sign, 0);
    if (kind === "choice" && row.valueText !== null) add(row.questionKey, valueBucket(row.valueText), sign, 0);
    // A ranking keeps each option's position sum beside its count: average = sum ÷ count.
    if (kind === "ranked" && row.valueText !== null) add(row.questionKey, valueBucket(row.valueText), sign, sign * (row.valueNumber ?? 0));
  }
  for (const key of unanswered) add(key, ON_PATH_UNANSWERED, sign, 0);
  return [...deltas.values()].sort((a, b) => (a.questionKey === b.questionKey ? cmp(a.bucket, b.bucket) : cmp(a.questionKey, b.questionKey)));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds the deltas to the form's counters: ONE statement (an upsert) per
 * finished or deleted response, in a rawTransaction, all in one shard (a
 * counter is the SUM of its shards; a shard alone may go negative). The rows
 * are in the deltas' sorted order (see statDeltas).
 */
export function* applyStatDeltas(formId: string, deltas: StatDelta[]): RawWork<void> {
  if (!deltas.length) return;
  const shard = counterShard();
  const values = deltas.map((d) => sql`(${formId}, ${d.questionKey}, ${d.bucket}, ${shard}, ${d.count}, ${d.sum})`);
  yield* write(sql`
    INSERT INTO "AnswerStat" ("formId", "questionKey", "bucket", "shard", "count", "sum")
    VALUES ${join(values)}
    ON CONFLICT ("formId", "questionKey", "bucket", "shard")
    DO UPDATE SET "count" = "AnswerStat"."count" + excluded."count", "sum" = "AnswerStat"."sum" + excluded."sum"`);
}

/**
 * The counters recomputed from the Answer rows of finished responses, as a
 * SELECT of (formId, questionKey, bucket, count, sum), for one form or all.
 * The question types come from the schema of each response's version, as at
 * write time. Used to fill the table after a bulk load (the benchmark's
 * seeder) and by the tests that check the counters never drift; the
 * migration that created the table holds a frozen copy of it (the query for
 * the types of that time: `types`, in the order it listed them, and
 * `paths` false: the "~" rows came later, with Response.pathUnanswered).
 */
export function answerStatsQuery(provider: Provider, formId?: string, types: readonly QuestionType[] = questionTypes, paths = true): string {
  const sqlite = provider === "sqlite";
  const forForm = (alias: string) => (formId === undefined ? "" : ` AND ${alias}."formId" = ${quote(formId)}`);
  const finished = sqlite ? "1" : "TRUE";
  // One (questionKey, type) row per question of the response's version.
  // 0.0, not 0: SQLite reports a column's type by its first value, and an integer would truncate later sums.
  const typed = sqlite
    ? `JOIN "FormVersion" v ON v."id" = r."versionId"
       JOIN json_each(v."schema", '$.questions') q ON json_extract(q.value, '$.key') = a."questionKey"`
    : `JOIN "FormVersion" v ON v."id" = r."versionId"
       JOIN LATERAL jsonb_array_elements(v."schema"::jsonb -> 'questions') AS q("value") ON q."value" ->> 'key' = a."questionKey"`;
  const type = sqlite ? `json_extract(q.value, '$.type')` : `(q."value" ->> 'type')`;
  const list = (...kinds: StatKind[]) => types.filter((t) => kinds.includes(statKindOf(t))).map(quote).join(", ");
  const scale = list("scale");
  const perValue = list("scale", "choice", "ranked");
  // Only rankings sum their per-value rows (positions); without one the sum is a constant.
  const rankedSum = list("ranked") ? `COALESCE(SUM(CASE WHEN ${type} IN (${list("ranked")}) THEN a."valueNumber" END), 0.0)` : "0.0";
  const unanswered = sqlite ? `JOIN json_each(r."pathUnanswered") j` : `JOIN LATERAL jsonb_array_elements_text(r."pathUnanswered"::jsonb) AS j("value") ON TRUE`;
  const onPathUnanswered = `
    UNION ALL
    SELECT r."formId", j."value", '~', COUNT(*), 0.0
    FROM "Response" r
    ${unanswered}
    WHERE r."finished" = ${finished} AND r."pathUnanswered" IS NOT NULL${forForm("r")}
    GROUP BY r."formId", j."value"`;
  const integerText = sqlite ? `CAST(CAST(a."valueNumber" AS INTEGER) AS TEXT)` : `CAST(CAST(a."valueNumber" AS BIGINT) AS TEXT)`;
  return `
    SELECT a."formId" AS "formId", a."questionKey" AS "questionKey", '' AS "bucket",
           COUNT(DISTINCT a."responseId") AS "count", COALESCE(SUM(a."valueNumber"), 0.0) AS "sum"
    FROM "Answer" a
    WHERE a."finished" = ${finished}${forForm("a")}
    GROUP BY a."formId", a."questionKey"
    UNION ALL
    SELECT a."formId", a."questionKey",
           '=' || CASE WHEN ${type} IN (${scale}) THEN ${integerText} ELSE a."valueText" END,
           COUNT(*), ${rankedSum}
    FROM "Answer" a
    JOIN "Response" r ON r."id" = a."responseId"
    ${typed}
    WHERE a."finished" = ${finished}${forForm("a")}
      AND ${type} IN (${perValue})
      AND (CASE WHEN ${type} IN (${scale}) THEN a."valueNumber" IS NOT NULL ELSE a."valueText" IS NOT NULL END)
    GROUP BY a."formId", a."questionKey", 3${paths ? onPathUnanswered : ""}`;
}


/** Replaces every counter by its value recomputed from the Answer rows (after a bulk load that bypassed the app). */
export function rebuildAnswerStatsSql(provider: Provider): string[] {
  return [`DELETE FROM "AnswerStat"`, `INSERT INTO "AnswerStat" ("formId", "questionKey", "bucket", "count", "sum") ${answerStatsQuery(provider)}`];
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
