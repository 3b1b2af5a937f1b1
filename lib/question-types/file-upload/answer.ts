import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { unique } from "../answer-checks";
import { fileId } from "../file-checks";

/** What a respondent is told who brings more files than the question takes. */
export const tooManyFiles = (max: number) => (max === 1 ? "Attach one file" : `Attach at most ${max} files`);

/** The ids of the files uploaded for this question (at most maxFiles, each once). */
export const answer: AnswerSchemaOf<QuestionOf<"file-upload">> = (q) => {
  const max = q.maxFiles ?? 1;
  return z.array(fileId()).check(z.maxLength(max, tooManyFiles(max)), unique("Each file can be attached once"));
};
