import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, otherText } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"dropdown">> = (q, { t }) =>
  q.allowOther ? otherText(t) : oneOf(q.options, t("vPickOption"));
