import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { text } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"long-text">> = (q, { t }) => text(t, q.maxLength ?? 10000);
