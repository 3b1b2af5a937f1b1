import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

// Zero-padded "HH:MM" compares as text in time order.
export const answer: AnswerSchemaOf<QuestionOf<"time">> = (q, { t }) => {
  const checks: z.core.$ZodCheck<string>[] = [z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, t("vTime"))];
  if (q.min) checks.push(z.refine((t) => t >= q.min!, t("vOrLater", { min: q.min })));
  if (q.max) checks.push(z.refine((t) => t <= q.max!, t("vOrEarlier", { max: q.max })));
  return z.string(t("vTime")).check(...checks);
};
