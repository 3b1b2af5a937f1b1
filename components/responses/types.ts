import type { AnswerValue } from "@/lib/schema/answers";
import type { QuestionType } from "@/lib/schema/form-schema";
import type { SpamState } from "@/lib/responses/spam-state";

/** A column of the table: an answerable question of the published version. */
export interface ResponseColumn {
  key: string;
  type: QuestionType;
  title: string;
}

/** A response as the table and the detail panel need it (plain JSON, client-safe). */
export interface ResponseRow {
  id: string;
  submittedAt: string;
  answers: Record<string, AnswerValue>;
  metadata: Record<string, string>;
  /** The language the respondent answered in (a page language code). */
  language: string;
  /** Held as suspected spam, and why. */
  spam: SpamState;
}
