/**
 * The respondent-side part of a question type: its answer schema, written
 * with zod/mini (see lib/schema/answers.ts for why). Browser-safe and light:
 * nothing here may import classic zod or server code.
 */
import type * as z from "zod/mini";

/** The answer schema of one question of type Q; null: the type takes no answer (statement). */
export type AnswerSchemaOf<Q> = (q: Q, options: { partial: boolean }) => z.ZodMiniType | null;
