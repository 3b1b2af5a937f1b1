/**
 * How a response is stored (team/RESPONSES-DATA.md is the contract): the
 * Response row with its answers JSON, metadata JSON and searchText, and one
 * Answer row per answered value so that filters and aggregates are SQL.
 *
 * The pure functions here (answerRows, searchTextOf, responseColumns) are also
 * what the benchmark's seeder uses, so seeded rows and submitted rows can never
 * drift apart.
 */
import { join, sql, write, type RawWork } from "@/lib/db/raw";
import { newId } from "@/lib/ids";
import { specOf } from "@/lib/question-types";
import type { Answers, AnswerValue } from "@/lib/schema/answers";
import type { FormSchema, Question } from "@/lib/schema/form-schema";
import type { OnePerPersonColumns } from "./one-per-person";
import { storedSpamReasons, type SpamReason } from "./spam-state";

type SchemaQuestions = Pick<FormSchema, "questions">;

/** The value part of one Answer row. */
export interface AnswerValueRow {
  questionKey: string;
  valueText: string | null;
  valueNumber: number | null;
}

/**
 * The Answer rows of one response, in question order, as each type stores
 * them (its registry entry's `rows`: numbers in valueNumber, yes-no as
 * "yes"/"no" + 1/0, one row per multiple-choice option, text as given
 * (trimmed), …), hidden values from `metadata`. Statements and unanswered
 * questions have no row.
 */
export function answerRows(schema: SchemaQuestions, answers: Answers, metadata: Record<string, string>): AnswerValueRow[] {
  const rows: AnswerValueRow[] = [];
  for (const q of schema.questions) {
    if (q.type === "statement") continue;
    const value = q.type === "hidden" ? metadata[q.key] : answers[q.key];
    if (value === undefined || value === null) continue;
    rows.push(...specOf(q).rows(q, value));
  }
  return rows;
}

function textOf(value: AnswerValue): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  // A matrix: "row: column" per answered row.
  if (typeof value === "object") return Object.entries(value).map(([row, picks]) => `${row}: ${[picks].flat().join(", ")}`).join(", ");
  return String(value);
}

/**
 * What free-text search reads: the lowercased text of every non-hidden answer,
 * in question order, one value per line (arrays joined by ", ", booleans as
 * yes/no, numbers as text). Hidden values are metadata, filtered separately.
 */
export function searchTextOf(schema: SchemaQuestions, answers: Answers): string {
  const parts: string[] = [];
  for (const q of schema.questions) {
    if (q.type === "hidden" || q.type === "statement") continue;
    const value = answers[q.key];
    if (value === undefined || value === null) continue;
    parts.push(textOf(value));
  }
  return parts.join("\n").toLowerCase();
}

/** UTC day (YYYY-MM-DD) of an instant: what daily trends group by. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The stored columns that follow from the answers (answers JSON excludes hidden values). */
export function responseColumns(schema: SchemaQuestions, answers: Answers, metadata: Record<string, string>) {
  return {
    answers: JSON.stringify(answers),
    metadata: JSON.stringify(metadata),
    searchText: searchTextOf(schema, answers),
  };
}

/**
 * The columns a response gets when it is finished at `at` (null while
 * partial). The unique indexes (formId, onePerPerson) and (formId,
 * onePerDevice) make one-per-person exact; only finished responses of such
 * forms fill them (lib/responses/one-per-person.ts says with what).
 *
 * `held`: the reasons it is held as suspected spam (lib/public/spam.ts). A
 * held response is submitted (submittedAt) but not finished: no submittedDay,
 * no one-per-person keys, so it counts nowhere until it is restored
 * (lib/responses/spam-hold.ts).
 */
export function finishColumns(finished: boolean, at: Date, keys: OnePerPersonColumns | null, held: readonly SpamReason[] | null = null) {
  if (finished && held) {
    return { finished: false, submittedAt: at, submittedDay: null, onePerPerson: null, onePerDevice: null, spamReasons: storedSpamReasons(held) };
  }
  return {
    finished,
    submittedAt: finished ? at : null,
    submittedDay: finished ? utcDay(at) : null,
    onePerPerson: finished ? (keys?.onePerPerson ?? null) : null,
    onePerDevice: finished ? (keys?.onePerDevice ?? null) : null,
    spamReasons: null,
  };
}

export interface ResponseRow {
  id: string;
  formId: string;
  versionId: string;
  personKey: string;
  deviceKey: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  finished: boolean;
  submittedAt: Date | null;
  submittedDay: string | null;
  onePerPerson: string | null;
  onePerDevice: string | null;
  answers: string;
  metadata: string;
  searchText: string;
  score: number | null;
  ending: string | null;
  /** The page's language the respondent answered in (lib/i18n). */
  language: string;
  /** lib/analytics/paths.ts */
  pathUnanswered: string | null;
  leftAt: string | null;
  /** JSON array of reasons while held as suspected spam (lib/responses/spam-state.ts); null otherwise. */
  spamReasons?: string | null;
}

// The writes below go straight to the driver (lib/db/raw.ts): they are the
// hot path of every submission, where Prisma costs about as much as the SQL.
// Unique violations still map through lib/db/errors.ts isUniqueViolation.

/** Inserts one Response row (in a rawTransaction). */
export function* insertResponseRow(r: ResponseRow): RawWork<void> {
  yield* write(sql`
    INSERT INTO "Response" ("id", "formId", "versionId", "personKey", "deviceKey", "onePerPerson", "onePerDevice", "idempotencyKey", "finished",
      "createdAt", "updatedAt", "submittedAt", "submittedDay", "answers", "metadata", "searchText", "score", "ending", "language", "pathUnanswered", "leftAt", "spamReasons")
    VALUES (${r.id}, ${r.formId}, ${r.versionId}, ${r.personKey}, ${r.deviceKey}, ${r.onePerPerson}, ${r.onePerDevice}, ${r.idempotencyKey}, ${r.finished},
      ${r.createdAt}, ${r.updatedAt}, ${r.submittedAt}, ${r.submittedDay}, ${r.answers}, ${r.metadata}, ${r.searchText}, ${r.score}, ${r.ending}, ${r.language}, ${r.pathUnanswered}, ${r.leftAt}, ${r.spamReasons ?? null})`);
}

/** Writes the Answer rows of a response in one statement, replacing any it had (in a rawTransaction). */
export function* writeAnswerRows(
  target: { responseId: string; formId: string; finished: boolean },
  rows: AnswerValueRow[],
  { replace }: { replace: boolean },
): RawWork<void> {
  if (replace) yield* write(sql`DELETE FROM "Answer" WHERE "responseId" = ${target.responseId}`);
  if (rows.length === 0) return;
  const values = rows.map(
    (row) => sql`(${newId()}, ${target.responseId}, ${target.formId}, ${row.questionKey}, ${target.finished}, ${row.valueText}, ${row.valueNumber})`,
  );
  yield* write(sql`
    INSERT INTO "Answer" ("id", "responseId", "formId", "questionKey", "finished", "valueText", "valueNumber")
    VALUES ${join(values)}`);
}
