import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, unique } from "../answer-checks";

/**
 * `{ "<row>": "<column>" }`, or with `multiple` `{ "<row>": ["<column>", …] }`.
 * Required means every row answered (in a partial response, any rows so far).
 */
export const answer: AnswerSchemaOf<QuestionOf<"matrix">> = (q, { partial, t }) => {
  const column = oneOf(q.columns, t("vPickColumn"));
  const cell = q.multiple
    ? z.array(column).check(z.minLength(1, t("vPickColumnAtLeast")), unique(t("vColumnOnce")))
    : column;
  const everyRow = q.required === true && !partial;
  const shape: Record<string, z.ZodMiniType> = {};
  for (const row of q.rows) shape[row] = z.optional(cell);
  const answer = z.strictObject(shape, t("vMatrixShape"));
  return everyRow ? answer.check(z.refine((v) => q.rows.every((row) => v[row] !== undefined), t("vEveryRow"))) : answer;
};
