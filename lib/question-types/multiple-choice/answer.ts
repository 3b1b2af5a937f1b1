import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, otherText, unique } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"multiple-choice">> = (q) => {
  const checks: z.core.$ZodCheck<string[]>[] = [unique("Each option can be picked once")];
  if (q.minSelections) checks.push(z.refine((l) => l.length >= q.minSelections!, `Pick at least ${q.minSelections}`));
  if (q.maxSelections) checks.push(z.refine((l) => l.length <= q.maxSelections!, `Pick at most ${q.maxSelections}`));
  if (!q.allowOther) return z.array(oneOf(q.options, "Pick from the options")).check(...checks);
  // allowOther: the picks may include one free-text value besides the options.
  const options = new Set(q.options);
  checks.push(z.refine((l) => l.filter((v) => !options.has(v)).length <= 1, "Give at most one other answer"));
  return z.array(otherText()).check(...checks);
};
