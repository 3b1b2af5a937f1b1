import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, scaleLabels } from "../define";
import { numberRow, ORDERED_OPERATORS, plainCell, postedNumber, range, scaleSummary, scaleSummarySchema } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

/** A numbered scale with labels at both ends (distinct from rating's stars); summarised like rating. */
export const definition = z.strictObject({
  ...base,
  type: z.literal("opinion-scale"),
  ...scoresField,
  scaleMin: z.union([z.literal(0), z.literal(1)]).default(0),
  scaleMax: z.int().min(2).max(10).default(10),
  ...scaleLabels,
});

export const spec = {
  definition,
  answer,
  rows: numberRow,
  statKind: "scale",
  summary: {
    schema: scaleSummarySchema,
    needs: () => ["values"],
    shape: (q, agg) => {
      const summary = scaleSummary(range(q.scaleMin, q.scaleMax), agg);
      return { responses: summary.count, summary };
    },
  },
  csvCell: plainCell,
  fromFormPost: postedNumber,
  operators: ORDERED_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof scaleSummarySchema>;
