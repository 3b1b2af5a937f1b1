import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"number">> = (q, { t }) => {
  const checks: z.core.$ZodCheck<number>[] = [];
  if (q.min !== undefined) checks.push(z.gte(q.min, t("vNumberMin", { min: q.min })));
  if (q.max !== undefined) checks.push(z.lte(q.max, t("vNumberMax", { max: q.max })));
  return z.number(t("vNumber")).check(...checks);
};
