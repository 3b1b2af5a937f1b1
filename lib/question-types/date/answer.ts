import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"date">> = (q, { t }) => {
  const checks: z.core.$ZodCheck<string>[] = [];
  if (q.min) checks.push(z.refine((d) => d >= q.min!, t("vOrLater", { min: q.min })));
  if (q.max) checks.push(z.refine((d) => d <= q.max!, t("vOrEarlier", { max: q.max })));
  return z.iso.date(t("vDate")).check(...checks);
};
