import { z } from "zod";
import { base, placeholder } from "../define";
import { numberRow, ORDERED_OPERATORS, plainCell, postedNumber } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z
  .strictObject({ ...base, type: z.literal("number"), placeholder, min: z.number().optional(), max: z.number().optional().describe("Not below min") })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, { message: "min must not exceed max", path: ["max"] });

const summarySchema = z.object({ count: z.int(), avg: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable() });

export const spec = {
  definition,
  answer,
  rows: numberRow,
  statKind: "number",
  summary: {
    schema: summarySchema,
    needs: () => ["numbers"],
    shape: (_q, agg) => {
      const stats = agg.numbers ?? { count: 0, avg: null, min: null, max: null };
      return { responses: stats.count, summary: { ...stats } };
    },
  },
  csvCell: plainCell,
  fromFormPost: postedNumber,
  operators: ORDERED_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
