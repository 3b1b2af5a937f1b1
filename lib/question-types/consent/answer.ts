import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

// Consent is given (true) or not answered; a "false" is no answer to store.
export const answer: AnswerSchemaOf<QuestionOf<"consent">> = (_q, { t }) => z.literal(true, t("vConsent"));
