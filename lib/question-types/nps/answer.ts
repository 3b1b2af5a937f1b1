import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { wholeIn } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"nps">> = (_q, { t }) => wholeIn(t, 0, 10);
