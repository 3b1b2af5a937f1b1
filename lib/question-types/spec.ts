/**
 * What a question type is on the server/shared side: one QuestionTypeSpec per
 * type (lib/question-types/<type>/index.ts), collected in ./index.ts with
 * `satisfies Record<QuestionType, …>`. The respondent-side answer schema lives
 * apart (<type>/answer.ts, zod/mini) so the respondent page never loads
 * classic zod or anything here.
 */
import type { z } from "zod";
import type { AnswerValue } from "@/lib/schema/answers";
import type { AnswerValueRow } from "@/lib/responses/store";
import type { LogicOperator } from "./names";
import type { AnswerSchemaOf } from "./answer-spec";

/**
 * How the running counters (lib/analytics/answer-stats.ts) keep a type's
 * answers: per numeric value (scale), per text value (choice), per text value
 * with the sum of its numbers (ranked: ranking positions), or only in total.
 */
export type StatKind = "scale" | "choice" | "ranked" | "number" | "text" | null;

/** Which aggregates a type's summary is made from (lib/analytics/question-summaries.ts computes them). */
export type SummaryNeed = "values" | "answered" | "numbers" | "latest" | "top" | "files";

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
/** One value's count, and the sum of its answer rows' numbers (ranking positions). */
export interface ValueCount {
  count: number;
  sum: number;
}
/** The aggregates of one question, as the summary reads them (only its `needs` are filled). */
export interface KeyAggregates {
  /** Answer rows per value: valueNumber for scale kinds, valueText otherwise. */
  values: Map<string | number, ValueCount>;
  /** Finished responses that answered it. */
  answered: number;
  numbers: NumberStats | null;
  latest: LatestAnswer[];
  top: { count: number; top: { value: string; count: number }[] };
  /** File-holding types: the stored files its answers name, and their bytes. */
  files: FileTotals;
}
/** The files attached to the answers of one question. */
export interface FileTotals {
  files: number;
  bytes: number;
}

export interface QuestionTypeSpec<Q extends { key: string; type: string }, S extends z.ZodType = z.ZodType> {
  /** The definition schema (what the builder and the API accept). */
  definition: z.ZodType<Q>;
  /** The answer schema for one question (browser-safe, zod/mini); null: takes no answer. */
  answer: AnswerSchemaOf<Q>;
  /** The Answer rows one answer is stored as (lib/responses/store.ts). */
  rows(q: Q, value: AnswerValue): AnswerValueRow[];
  statKind: StatKind;
  summary: {
    /** The summary's shape (the analytics API and its OpenAPI document). */
    schema: S;
    needs(q: Q): readonly SummaryNeed[];
    /** The summary from the question's aggregates; null: nothing to summarise. */
    shape(q: Q, agg: KeyAggregates): { responses: number; summary: z.output<S> } | null;
  };
  /** The CSV cell of one stored answer (already neutralised against formulas). */
  csvCell(q: Q, value: AnswerValue): string;
  /**
   * The answer read from a plain HTML form post (JavaScript off): the fields
   * named after the question (getAll(key)) or its parts. undefined: no answer
   * given. Loosely typed on purpose: the answer schema then checks it.
   */
  fromFormPost(q: Q, data: FormData): AnswerValue | undefined;
  /** The logic operators that apply to its answers. */
  operators: readonly LogicOperator[];
  /**
   * Types whose answers are uploaded files' ids (file-upload: a list,
   * signature: one): the server attaches them to the response when it is
   * written (lib/files/attach.ts), and owners read file objects instead
   * (lib/files/answers.ts).
   */
  fileAnswer?: "list" | "one";
  /** With fileAnswer: what POST /api/public/forms/:slug/files takes for one question of the type. */
  uploadRules?(q: Q): UploadRules;
  /**
   * The form assets (POST /api/forms/:id/assets) the question shows, by path
   * inside the question (picture-choice: "pictures.2.image"): they must be
   * assets of the same form, and one no version uses any more is deleted
   * (lib/files/form-assets.ts).
   */
  assets?(q: Q): { path: string; id: string }[];
  /** The question without its assets: a duplicate's draft (they are the source form's files). */
  withoutAssets?(q: Q): Q;
}

export interface UploadRules {
  /** Per file, before UPLOAD_MAX_FILE_MB caps it. */
  maxMB: number;
  /** Extensions (".pdf") or MIME patterns ("image/*"), matched against the sniffed type (lib/files/sniff.ts). */
  accept: readonly string[];
}
