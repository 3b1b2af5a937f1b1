import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, otherText } from "../answer-checks";

// With allowOther, any text is an answer: an option, or what "Other" was filled with.
export const answer: AnswerSchemaOf<QuestionOf<"single-choice">> = (q, { t }) =>
  q.allowOther ? otherText(t) : oneOf(q.options, t("vPickOption"));
