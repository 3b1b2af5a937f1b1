import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import type { Translate } from "@/lib/i18n/translator";
import { unique } from "../answer-checks";
import { fileId } from "../file-checks";

/** What a respondent is told who brings more files than the question takes. */
export const tooManyFiles = (t: Translate, max: number) => t("vAttachAtMost", { max });

/** The ids of the files uploaded for this question (at most maxFiles, each once). */
export const answer: AnswerSchemaOf<QuestionOf<"file-upload">> = (q, { t }) => {
  const max = q.maxFiles ?? 1;
  return z.array(fileId(t)).check(z.maxLength(max, tooManyFiles(t, max)), unique(t("vFileOnce")));
};
