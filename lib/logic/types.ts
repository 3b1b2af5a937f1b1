/**
 * The logic part of a form schema (showIf, jump, scores, endings) as plain
 * types: what the engine reads. The zod schemas that validate it live in
 * ./schema.ts; nothing here imports zod, so the respondent page can load the
 * engine without it.
 */
import type { LogicOperator } from "@/lib/question-types/names";

/** Operators of a `{ score: true }` leaf (the score is a number). */
export const scoreOperators = ["equals", "notEquals", "gt", "gte", "lt", "lte"] as const;
export type ScoreOperator = (typeof scoreOperators)[number];

export type ConditionValue = string | number | boolean | (string | number | boolean)[];

export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { question: string; op: LogicOperator; value?: ConditionValue }
  | { score: true; op: ScoreOperator; value: number };

/** `to`: a later question's key, an ending's key, or "end" (the default ending). */
export interface JumpRule {
  if: Condition;
  to: string;
}

export interface Ending {
  key: string;
  title: string;
  message?: string;
  redirectUrl?: string;
}

/** The parts of a question the engine reads (every question type fits it). */
export interface LogicQuestion {
  key: string;
  type: string;
  showIf?: Condition;
  jump?: JumpRule[];
  scores?: Record<string, number>;
}

export interface LogicForm {
  questions: readonly LogicQuestion[];
  endings?: readonly Ending[];
}

/** A jump target that ends the form on its default ending (thankYouMessage). */
export const END = "end";
