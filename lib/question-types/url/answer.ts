import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"url">> = (_q, { t }) =>
  z.url({ protocol: /^https?$/, error: t("vUrl") }).check(z.maxLength(2000));
