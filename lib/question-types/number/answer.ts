import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"number">> = (q) => {
  const checks: z.core.$ZodCheck<number>[] = [];
  if (q.min !== undefined) checks.push(z.gte(q.min, `Enter ${q.min} or more`));
  if (q.max !== undefined) checks.push(z.lte(q.max, `Enter ${q.max} or less`));
  return z.number("Enter a number").check(...checks);
};
