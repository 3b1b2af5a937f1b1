import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"date">> = (q) => {
  const checks: z.core.$ZodCheck<string>[] = [];
  if (q.min) checks.push(z.refine((d) => d >= q.min!, `Pick ${q.min} or later`));
  if (q.max) checks.push(z.refine((d) => d <= q.max!, `Pick ${q.max} or earlier`));
  return z.iso.date("Enter a date as YYYY-MM-DD").check(...checks);
};
