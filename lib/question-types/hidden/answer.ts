import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

/** The longest value a hidden question stores (and a metadata filter can match). */
export const HIDDEN_VALUE_MAX = 500;

export const answer: AnswerSchemaOf<QuestionOf<"hidden">> = (_q, { t }) => z.string().check(z.maxLength(HIDDEN_VALUE_MAX, t("vMaxChars", { max: HIDDEN_VALUE_MAX })));
