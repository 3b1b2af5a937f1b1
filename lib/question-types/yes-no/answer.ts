import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"yes-no">> = (_q, { t }) => z.boolean(t("vYesNo"));
