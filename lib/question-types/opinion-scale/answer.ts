import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { wholeIn } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"opinion-scale">> = (q, { t }) => wholeIn(t, q.scaleMin ?? 0, q.scaleMax ?? 10);
