import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { text } from "../answer-checks";

export const answer: AnswerSchemaOf<QuestionOf<"long-text">> = (q) => text(q.maxLength ?? 10000);
