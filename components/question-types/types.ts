/**
 * What each surface needs from a question type. One map per surface
 * (respondent-controls.ts, builder-editors.ts, analytics-cards.ts), each
 * `satisfies Record<QuestionType, …>`, so a new type that lacks a part is a
 * compile error naming it — and the respondent page imports only its own map,
 * never builder or analytics code.
 */
import type { ComponentType, ReactNode } from "react";
import type { AnswerValue } from "@/lib/schema/answers";
import type { SummaryOf } from "@/lib/analytics/summary";
import type { Question, QuestionOf, QuestionType } from "@/lib/schema/form-schema";

/** How a value was picked: a pointer tap may move an immersive form on; arrow keys never do. */
export type PickedVia = "pointer" | "key" | "input";

/** A question the respondent sees (hidden ones carry URL metadata and are never shown). */
export type VisibleQuestion = Exclude<Question, { type: "hidden" }>;

export interface QuestionFieldProps<Q extends Question = VisibleQuestion> {
  question: Q;
  value: AnswerValue | undefined;
  error?: string;
  onChange: (value: AnswerValue | undefined, via: PickedVia) => void;
  /** Prefix of element ids, unique per rendered form. */
  idPrefix: string;
  /** Show the A/B/C and Y/N key hints of immersive mode. */
  shortcuts?: boolean;
  /** Shown before the title, e.g. the question's number. */
  marker?: ReactNode;
  /**
   * Recall ({{key}}) for option labels, as plain text. Titles and descriptions
   * arrive already recalled (components/respondent); options are also the
   * answers, so only their labels may change. Default: as written.
   */
  recall?: (text: string) => string;
}

/** What an immersive-mode shortcut key does on a question (see immersive-form.tsx). */
export interface ShortcutContext {
  /** The current answer. */
  value: AnswerValue | undefined;
  /** Sets the answer; `advance` moves on after `wait` ms (a single pick, as Typeform does). */
  pick: (value: AnswerValue | undefined, advance: boolean, wait?: number) => void;
  /** The previous digit typed and when ("1" then "0" quickly gives 10). */
  lastDigit: { digit: string; at: number };
}

export interface RespondentControl<T extends QuestionType> {
  /** The whole question: title, description, control and error text. */
  Field: ComponentType<QuestionFieldProps<QuestionOf<T>>>;
  /** A pointer pick moves an immersive form on by itself (single picks only). */
  advancesOnPick: boolean;
  /** Its no-JavaScript post carries files (the page's form is then sent as multipart/form-data). */
  postsFiles?: boolean;
  /** Immersive-mode keys (letters, digits, Y/N); true when the key was used. */
  shortcut?: (q: QuestionOf<T>, key: string, ctx: ShortcutContext) => boolean;
}

export type RespondentControls = { [T in QuestionType]: RespondentControl<T> };

/** Props of a type's builder editor: the question's path in the builder's react-hook-form. */
export interface EditorProps {
  /** `questions.<index>` */
  path: `questions.${number}`;
  /** The validation message of one of the question's fields (e.g. "options.2"). */
  err: (field: string) => string | undefined;
}

export interface BuilderEditor<T extends QuestionType> {
  /** The type's name in the builder's pickers. */
  label: string;
  /** A new question of this type with sensible defaults (valid for its strict schema). */
  create: (key: string, title: string) => QuestionOf<T>;
  /** The type's own settings (placeholder, options, scale…); null when it has none. */
  Editor: ComponentType<EditorProps> | null;
}

export type BuilderEditors = { [T in QuestionType]: BuilderEditor<T> };

/** One question's summary entry of type T (the analytics API's typed result). */
export type SummaryEntryOf<T extends QuestionType> = T extends Exclude<QuestionType, "statement">
  ? { key: string; title: string; type: T; responses: number; summary: SummaryOf<T> }
  : never;

export interface AnalyticsCardProps<T extends QuestionType> {
  entry: SummaryEntryOf<T>;
  /** The question in the published form (undefined: a later version dropped it). */
  question: QuestionOf<T> | undefined;
  /** The heading shown (the question's title, else the summary's, else its key). */
  title: string;
}

export interface AnalyticsCard<T extends QuestionType> {
  /** The numbers and the chart that fit the type; null: the type has nothing to chart (statement). */
  Body: ComponentType<AnalyticsCardProps<T>> | null;
}

export type AnalyticsCards = { [T in QuestionType]: AnalyticsCard<T> };
