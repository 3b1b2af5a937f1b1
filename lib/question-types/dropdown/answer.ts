import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, otherText } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"dropdown">> = (q) =>
  q.allowOther ? otherText() : oneOf(q.options, "Pick one of the options");
