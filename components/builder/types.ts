/**
 * The builder's react-hook-form values. The form is validated with the API's
 * own formSchemaSchema (zodResolver); this flat shape only lets one editor
 * register every type's fields without fighting the discriminated union.
 */
import type { Condition, Ending, JumpRule } from "@/lib/logic/types";
import type { PageLanguage } from "@/lib/i18n/languages";
import type { Translations } from "@/lib/i18n/texts";
import type { FormMode, QuestionType } from "@/lib/schema/form-schema";
import type { Theme } from "@/lib/theme/style";

export interface EditableQuestion {
  key: string;
  type: QuestionType;
  title?: string;
  description?: string;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  options?: string[];
  minSelections?: number;
  maxSelections?: number;
  scaleMin?: number;
  scaleMax?: number;
  style?: "stars" | "numbers";
  minLabel?: string;
  maxLabel?: string;
  /** Immersive mode: consecutive questions with the same group share one screen. */
  group?: string;
  allowOther?: boolean;
  randomize?: boolean;
  rows?: string[];
  columns?: string[];
  multiple?: boolean;
  /** consent: the statement agreed to. */
  text?: string;
  /** Logic (components/builder/logic): on the path only when this holds. */
  showIf?: Condition;
  jump?: JumpRule[];
  scores?: Record<string, number>;
  /** file-upload */
  maxFiles?: number;
  maxFileSizeMB?: number;
  accept?: string[];
  /** picture-choice: a label and an asset id (POST /api/forms/:id/assets) each. */
  pictures?: { label: string; image?: string }[];
}

export interface BuilderValues {
  title: string;
  description?: string;
  mode: FormMode;
  thankYouMessage?: string;
  questions: EditableQuestion[];
  endings?: Ending[];
  /** The brand (components/builder/theme-panel.tsx). */
  theme?: Theme;
  /** Languages (components/builder/translations-editor.tsx). */
  language?: PageLanguage;
  translations?: Translations;
}

/** "" from an emptied input → absent (optional fields must be missing, not empty). */
export const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
export const toOptionalNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));
