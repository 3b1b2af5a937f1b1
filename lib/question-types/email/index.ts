import { z } from "zod";
import { base, placeholder } from "../define";
import { textSummarySchema, textTypeParts } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("email"), placeholder });

export const spec = { definition, answer, ...textTypeParts } satisfies QuestionTypeSpec<z.output<typeof definition>, typeof textSummarySchema>;
