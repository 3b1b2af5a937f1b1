/**
 * The respondent-side part of a question type: its answer schema, written
 * with zod/mini (see lib/schema/answers.ts for why). Browser-safe and light:
 * nothing here may import classic zod or server code.
 */
import type * as z from "zod/mini";
import type { Translate } from "@/lib/i18n/translator";

/**
 * The answer schema of one question of type Q; null: the type takes no answer
 * (statement). Its messages come from `t`, in the respondent's language.
 */
export type AnswerSchemaOf<Q> = (q: Q, options: { partial: boolean; t: Translate }) => z.ZodMiniType | null;
