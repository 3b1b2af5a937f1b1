import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, unique } from "../answer-checks";

/** An option's label (one), or with `multiple` the picked labels. */
export const answer: AnswerSchemaOf<QuestionOf<"picture-choice">> = (q, { t }) => {
  const labels = q.pictures.map((o) => o.label);
  const pick = oneOf(labels, t("vPickPicture"));
  if (!q.multiple) return pick;
  const checks: z.core.$ZodCheck<string[]>[] = [unique(t("vPictureOnce"))];
  if (q.maxSelections) checks.push(z.refine((l) => l.length <= q.maxSelections!, t("vPickAtMost", { max: q.maxSelections! })));
  return z.array(pick).check(...checks);
};
