import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, choiceExtras, optionList } from "../define";
import { CHOICE_OPERATORS, choiceOptions, choiceSummarySchema, plainCell, postedChoice, sum, textRow } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("single-choice"), ...scoresField, options: optionList, ...choiceExtras });

export const spec = {
  definition,
  answer,
  rows: textRow,
  statKind: "choice",
  summary: {
    schema: choiceSummarySchema,
    needs: (q) => (q.allowOther ? ["values", "latest"] : ["values"]),
    shape: (q, agg) => {
      const counts = choiceOptions(q, agg);
      const responses = sum(Object.values(counts.options)) + (counts.other ?? 0);
      return { responses, summary: { count: responses, ...counts } };
    },
  },
  csvCell: plainCell,
  fromFormPost: postedChoice,
  operators: CHOICE_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof choiceSummarySchema>;
