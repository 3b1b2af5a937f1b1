/**
 * The question types, in the order the builder lists them. Every registry
 * (lib/question-types/index.ts, answers.ts, and the UI's in
 * components/question-types) is a `Record<QuestionType, …>`, so adding a name
 * here makes the compiler list every part the new type still lacks.
 */
export const questionTypes = [
  "short-text", "long-text", "email", "number", "url", "phone",
  "single-choice", "multiple-choice", "dropdown",
  "rating", "nps", "yes-no", "date", "statement", "hidden",
  "matrix", "ranking", "consent", "time", "opinion-scale",
  "file-upload", "signature", "picture-choice",
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Conditions logic can test an answer with; each type lists the ones that apply to it. */
export const logicOperators = [
  "answered", "notAnswered", "equals", "notEquals", "in", "notIn", "contains", "notContains", "gt", "gte", "lt", "lte",
] as const;
export type LogicOperator = (typeof logicOperators)[number];
