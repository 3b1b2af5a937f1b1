import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, otherText, unique } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"multiple-choice">> = (q, { t }) => {
  const checks: z.core.$ZodCheck<string[]>[] = [unique(t("vOptionOnce"))];
  if (q.minSelections) checks.push(z.refine((l) => l.length >= q.minSelections!, t("pickAtLeast", { min: q.minSelections! })));
  if (q.maxSelections) checks.push(z.refine((l) => l.length <= q.maxSelections!, t("vPickAtMost", { max: q.maxSelections! })));
  if (!q.allowOther) return z.array(oneOf(q.options, t("vFromOptions"))).check(...checks);
  // allowOther: the picks may include one free-text value besides the options.
  const options = new Set(q.options);
  checks.push(z.refine((l) => l.filter((v) => !options.has(v)).length <= 1, t("vOneOther")));
  return z.array(otherText(t)).check(...checks);
};
