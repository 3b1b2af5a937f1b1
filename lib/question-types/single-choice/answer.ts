import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, otherText } from "../answer-checks";

// With allowOther, any text is an answer: an option, or what "Other" was filled with.
export const answer: AnswerSchemaOf<QuestionOf<"single-choice">> = (q) =>
  q.allowOther ? otherText() : oneOf(q.options, "Pick one of the options");
