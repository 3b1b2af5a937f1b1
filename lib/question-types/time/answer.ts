import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

// Zero-padded "HH:MM" compares as text in time order.
export const answer: AnswerSchemaOf<QuestionOf<"time">> = (q) => {
  const checks: z.core.$ZodCheck<string>[] = [z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "Enter a time as HH:MM (24 h)")];
  if (q.min) checks.push(z.refine((t) => t >= q.min!, `Pick ${q.min} or later`));
  if (q.max) checks.push(z.refine((t) => t <= q.max!, `Pick ${q.max} or earlier`));
  return z.string("Enter a time as HH:MM (24 h)").check(...checks);
};
