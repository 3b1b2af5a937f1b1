import { z } from "zod";
import { base, isoDate } from "../define";
import { ORDERED_OPERATORS, plainCell, postedText, textRow, textSummary, textSummarySchema } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z
  .strictObject({ ...base, type: z.literal("date"), min: isoDate.optional(), max: isoDate.optional().describe("Not before min") })
  .refine((q) => !q.min || !q.max || q.min <= q.max, { message: "min must not be after max", path: ["max"] });

export const spec = {
  definition,
  answer,
  rows: textRow,
  statKind: "text",
  summary: { schema: textSummarySchema, needs: () => ["answered", "latest"], shape: (_q, agg) => textSummary(agg) },
  csvCell: plainCell,
  fromFormPost: postedText,
  operators: ORDERED_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof textSummarySchema>;
