import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { wholeIn } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"rating">> = (q, { t }) => wholeIn(t, q.scaleMin, q.scaleMax);
