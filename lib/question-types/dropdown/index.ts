import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, choiceExtras, optionList, placeholder } from "../define";
import { choiceSummarySchema, singleChoiceParts } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("dropdown"), ...scoresField, options: optionList, placeholder, ...choiceExtras });

export const spec = { definition, answer, ...singleChoiceParts } satisfies QuestionTypeSpec<z.output<typeof definition>, typeof choiceSummarySchema>;
