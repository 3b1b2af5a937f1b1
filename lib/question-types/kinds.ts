/**
 * Server/shared pieces several question types are made of: how answers are
 * stored as rows, summarised, written to CSV and read from a form post.
 * Pure functions only (no database): the builder may load the registry too.
 */
import { z } from "zod";
import type { AnswerValueRow } from "@/lib/responses/store";
import type { AnswerValue } from "@/lib/schema/answers";
import { neutraliseCell } from "@/lib/responses/csv-cell";
import { OTHER_CHOICE, otherField } from "./form-fields";
import type { LogicOperator } from "./names";
import type { KeyAggregates, SummaryNeed } from "./spec";

// ---- storage ----
export const textRow = (q: { key: string }, value: AnswerValue): AnswerValueRow[] => [{ questionKey: q.key, valueText: String(value).trim(), valueNumber: null }];
export const numberRow = (q: { key: string }, value: AnswerValue): AnswerValueRow[] => [{ questionKey: q.key, valueText: null, valueNumber: Number(value) }];
/** One row per pick, so "how many picked X" is a GROUP BY. */
export const pickRows = (q: { key: string }, value: AnswerValue): AnswerValueRow[] =>
  (value as string[]).map((option) => ({ questionKey: q.key, valueText: option, valueNumber: null }));

// ---- summaries ----
/** Averages are rounded to 2 decimals: enough for a 0..10 scale, stable to compare. */
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const sum = (values: Iterable<number>) => [...values].reduce((s, n) => s + n, 0);
export const countOf = (agg: KeyAggregates, value: string | number) => agg.values.get(value)?.count ?? 0;

const counts = z.record(z.string(), z.int());
export const latestSchema = z.array(z.object({ value: z.string(), submittedAt: z.iso.datetime() }));

export const scaleSummarySchema = z.object({ avg: z.number(), count: z.int(), distribution: counts }).describe("every scale value as a key");
/** rating, nps, opinion-scale: the distribution by SQL; count and avg follow exactly from it. */
export function scaleSummary(values: number[], agg: KeyAggregates) {
  const distribution = Object.fromEntries(values.map((v) => [String(v), countOf(agg, v)]));
  const count = sum(Object.values(distribution));
  const total = values.reduce((s, v) => s + v * distribution[String(v)], 0);
  return { avg: count ? round2(total / count) : 0, count, distribution };
}

export const choiceSummarySchema = z
  .object({
    count: z.int(),
    options: counts,
    other: z.int().optional().describe("allowOther: answers that are no option"),
    otherLatest: latestSchema.optional().describe("allowOther: the 5 newest other answers"),
  })
  .describe("picks per option; count = responses");

/**
 * Every current option, zeros included; values of options a later version
 * removed are left out, unless allowOther: then every value that is no
 * option counts as "Other".
 */
export function choiceOptions(q: { options: string[]; allowOther?: boolean }, agg: KeyAggregates) {
  const options = Object.fromEntries(q.options.map((o) => [o, countOf(agg, o)]));
  if (!q.allowOther) return { options };
  const known = new Set(q.options);
  const other = sum([...agg.values].filter(([value]) => !known.has(String(value))).map(([, c]) => c.count));
  return { options, other, otherLatest: agg.latest };
}

export const textSummarySchema = z.object({ count: z.int(), latest: latestSchema }).describe("the 5 newest answers");
export const textSummary = (agg: KeyAggregates) => ({ responses: agg.answered, summary: { count: agg.answered, latest: agg.latest } });

// ---- CSV ----
/**
 * One answer as a cell. Choices are joined with "; ", yes-no is yes/no.
 * Numbers are written as numbers: they cannot carry a formula, and a
 * prefixed "-3" would turn a numeric column into text.
 */
export function answerCell(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return neutraliseCell(value.map(String).join("; "));
  return neutraliseCell(String(value));
}
export const plainCell = (_q: unknown, value: AnswerValue) => answerCell(value);

// ---- form post ----
const strings = (data: FormData, name: string) => data.getAll(name).filter((v): v is string => typeof v === "string");
/** The first value of a field; HTML forms send line breaks as CRLF, the API (and the page with JavaScript) as LF. */
export function firstValue(data: FormData, name: string): string | undefined {
  const values = strings(data, name);
  return values.length ? values[0].replace(/\r\n?/g, "\n") : undefined;
}
export const postedText = (q: { key: string }, data: FormData) => firstValue(data, q.key);
/** A non-number stays text, so the message is the schema's "Enter a number". */
export function postedNumber(q: { key: string }, data: FormData): AnswerValue | undefined {
  const raw = firstValue(data, q.key);
  if (raw === undefined || raw.trim() === "") return raw;
  const n = Number(raw.trim());
  return Number.isFinite(n) ? n : raw;
}
export const postedList = (data: FormData, name: string) => strings(data, name).filter((v) => v !== "");

// ---- logic ----
export const TEXT_OPERATORS: readonly LogicOperator[] = ["answered", "notAnswered", "equals", "notEquals", "contains", "notContains"];
export const ORDERED_OPERATORS: readonly LogicOperator[] = ["answered", "notAnswered", "equals", "notEquals", "gt", "gte", "lt", "lte"];
export const CHOICE_OPERATORS: readonly LogicOperator[] = ["answered", "notAnswered", "equals", "notEquals", "in", "notIn"];
export const PICKS_OPERATORS: readonly LogicOperator[] = ["answered", "notAnswered", "contains", "notContains"];
export const PRESENCE_OPERATORS: readonly LogicOperator[] = ["answered", "notAnswered"];

/** single-choice, dropdown: the picked option, or the "Other" text when Other is picked (or nothing is). */
export function postedChoice(q: { key: string; allowOther?: boolean }, data: FormData): AnswerValue | undefined {
  const picked = firstValue(data, q.key);
  if (!q.allowOther) return picked;
  const other = firstValue(data, otherField(q.key))?.trim();
  if (other && (picked === undefined || picked === "" || picked === OTHER_CHOICE)) return other;
  return picked === OTHER_CHOICE ? "" : picked;
}
/** multiple-choice: the ticked options, and with allowOther the "Other" text when one is typed. */
export function postedPicks(q: { key: string; allowOther?: boolean }, data: FormData): AnswerValue | undefined {
  if (strings(data, q.key).length === 0 && !(q.allowOther && firstValue(data, otherField(q.key)))) return undefined;
  const picks = postedList(data, q.key).filter((v) => v !== OTHER_CHOICE);
  const other = q.allowOther ? firstValue(data, otherField(q.key))?.trim() : undefined;
  return other ? [...picks, other] : picks;
}

// ---- whole spec tails shared by types of one kind ----
/** Everything of a free-text type's spec but its definition and answer (short-text, long-text, email, url, phone). */
export const textTypeParts = {
  rows: textRow,
  statKind: "text" as const,
  summary: {
    schema: textSummarySchema,
    needs: (): SummaryNeed[] => ["answered", "latest"],
    shape: (_q: unknown, agg: KeyAggregates) => textSummary(agg),
  },
  csvCell: plainCell,
  fromFormPost: postedText,
  operators: TEXT_OPERATORS,
};

/** Everything of a pick-one type's spec but its definition and answer (single-choice, dropdown). */
export const singleChoiceParts = {
  rows: textRow,
  statKind: "choice" as const,
  summary: {
    schema: choiceSummarySchema,
    needs: (q: { allowOther?: boolean }): SummaryNeed[] => (q.allowOther ? ["values", "latest"] : ["values"]),
    shape: (q: { options: string[]; allowOther?: boolean }, agg: KeyAggregates) => {
      const counts = choiceOptions(q, agg);
      const responses = sum(Object.values(counts.options)) + (counts.other ?? 0);
      return { responses, summary: { count: responses, ...counts } };
    },
  },
  csvCell: plainCell,
  fromFormPost: postedChoice,
  operators: CHOICE_OPERATORS,
};

/** Everything of a numbered scale's spec but its definition and answer (rating, opinion scale): summarised over its own range. */
export const scaleTypeParts = {
  rows: numberRow,
  statKind: "scale" as const,
  summary: {
    schema: scaleSummarySchema,
    needs: (): SummaryNeed[] => ["values"],
    shape: (q: { scaleMin: number; scaleMax: number }, agg: KeyAggregates) => {
      const summary = scaleSummary(range(q.scaleMin, q.scaleMax), agg);
      return { responses: summary.count, summary };
    },
  },
  csvCell: plainCell,
  fromFormPost: postedNumber,
  operators: ORDERED_OPERATORS,
};
