import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { fileId } from "../file-checks";

/** The id of the PNG the signature was uploaded as (the same upload endpoint, PNG only). */
export const answer: AnswerSchemaOf<QuestionOf<"signature">> = (_q, { t }) => fileId(t);
