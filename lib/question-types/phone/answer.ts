import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"phone">> = (_q, { t }) =>
  z.string().check(z.trim(), z.regex(/^\+?[0-9][0-9 ().-]{3,24}$/, t("vPhone")));
