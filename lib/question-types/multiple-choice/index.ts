import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, choiceExtras, optionList } from "../define";
import { choiceOptions, choiceSummarySchema, pickRows, PICKS_OPERATORS, plainCell, postedPicks } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z
  .strictObject({
    ...base,
    type: z.literal("multiple-choice"),
    ...scoresField,
    options: optionList,
    minSelections: z.int().min(0).optional().describe("At most maxSelections and the number of options"),
    maxSelections: z.int().min(1).optional().describe("At most the number of options"),
    ...choiceExtras,
  })
  .refine((q) => q.maxSelections === undefined || q.maxSelections <= q.options.length + (q.allowOther ? 1 : 0), { message: "maxSelections exceeds the number of options", path: ["maxSelections"] })
  // More required picks than options would make the question unanswerable.
  .refine((q) => q.minSelections === undefined || q.minSelections <= q.options.length + (q.allowOther ? 1 : 0), { message: "minSelections exceeds the number of options", path: ["minSelections"] })
  .refine((q) => q.minSelections === undefined || q.maxSelections === undefined || q.minSelections <= q.maxSelections, { message: "minSelections must not exceed maxSelections", path: ["minSelections"] });

export const spec = {
  definition,
  answer,
  rows: pickRows,
  statKind: "choice",
  summary: {
    schema: choiceSummarySchema,
    needs: (q) => (q.allowOther ? ["values", "answered", "latest"] : ["values", "answered"]),
    // count = responses that picked at least one option (a response may pick several).
    shape: (q, agg) => ({ responses: agg.answered, summary: { count: agg.answered, ...choiceOptions(q, agg) } }),
  },
  csvCell: plainCell,
  fromFormPost: postedPicks,
  operators: PICKS_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof choiceSummarySchema>;
