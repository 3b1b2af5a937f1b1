import { z } from "zod";
import { isReservedObjectKey } from "@/lib/http/reserved-keys";
import type { AnswerValue } from "@/lib/schema/answers";
import { base, optionList } from "../define";
import { answerCell, countOf, postedList, PRESENCE_OPERATORS } from "../kinds";
import { partField } from "../form-fields";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

// Rows become the answer object's keys: names a plain object has already (__proto__, toString, …) are refused.
const rowList = optionList.refine((rows) => !rows.some(isReservedObjectKey), "This row name is reserved (constructor, prototype, toString, …); choose another");

/** A Likert grid: one answer (or, with `multiple`, several) per row. */
export const definition = z.strictObject({ ...base, type: z.literal("matrix"), rows: rowList, columns: optionList, multiple: z.boolean().optional() });

export type MatrixAnswer = Record<string, string | string[]>;
/** The valueText of one (row, column) pick: JSON, so no label can fake the separator. */
export const cellValue = (row: string, column: string) => JSON.stringify([row, column]);

const summarySchema = z
  .object({ count: z.int(), rows: z.record(z.string(), z.record(z.string(), z.int())).describe("per row: picks per column, zeros included") })
  .describe("matrix: counts per row and column");

const entriesOf = (value: AnswerValue) => Object.entries(value as MatrixAnswer).map(([row, picks]) => [row, Array.isArray(picks) ? picks : [picks]] as const);

export const spec = {
  definition,
  answer,
  rows: (q, value) => entriesOf(value).flatMap(([row, picks]) => picks.map((column) => ({ questionKey: q.key, valueText: cellValue(row, column), valueNumber: null }))),
  statKind: "choice",
  summary: {
    schema: summarySchema,
    needs: () => ["values", "answered"],
    shape: (q, agg) => {
      const rows = Object.fromEntries(q.rows.map((row) => [row, Object.fromEntries(q.columns.map((col) => [col, countOf(agg, cellValue(row, col))]))]));
      return { responses: agg.answered, summary: { count: agg.answered, rows } };
    },
  },
  // "row: column; row: column, column", in the question's row order.
  csvCell: (q, value) => {
    // A value stored under an earlier version's type of this key is written as it is.
    if (typeof value !== "object" || value === null || Array.isArray(value)) return answerCell(value);
    const answer = value as MatrixAnswer;
    const parts = q.rows.filter((row) => Object.hasOwn(answer, row)).map((row) => `${row}: ${[answer[row]].flat().join(", ")}`);
    return answerCell(parts.join("; "));
  },
  /** A plain form sends one radio group (checkboxes with `multiple`) per row, named "<key>:<row index>". */
  fromFormPost: (q, data) => {
    const answer: MatrixAnswer = Object.create(null);
    q.rows.forEach((row, i) => {
      const picks = postedList(data, partField(q.key, i));
      if (picks.length) answer[row] = q.multiple ? picks : picks[0];
    });
    return Object.keys(answer).length ? { ...answer } : undefined;
  },
  operators: PRESENCE_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
