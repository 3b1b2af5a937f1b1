import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";

export const answer: AnswerSchemaOf<QuestionOf<"url">> = () =>
  z.url({ protocol: /^https?$/, error: "Enter a full web address, like https://example.com" }).check(z.maxLength(2000));
