import { z } from "zod";
import { base, placeholder } from "../define";
import { plainCell, postedText, TEXT_OPERATORS, textRow, textSummary, textSummarySchema } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("long-text"), placeholder, maxLength: z.int().min(1).max(10000).optional() });

export const spec = {
  definition,
  answer,
  rows: textRow,
  statKind: "text",
  summary: { schema: textSummarySchema, needs: () => ["answered", "latest"], shape: (_q, agg) => textSummary(agg) },
  csvCell: plainCell,
  fromFormPost: postedText,
  operators: TEXT_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof textSummarySchema>;
