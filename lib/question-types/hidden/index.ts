import { z } from "zod";
import { questionKeySchema } from "../define";
import { plainCell, postedText, textRow } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

// A hidden question carries metadata from the page URL (?key=value); it is never shown.
export const definition = z.strictObject({ key: questionKeySchema, type: z.literal("hidden"), title: z.string().trim().max(500).optional() });

const summarySchema = z.object({ count: z.int(), top: z.array(z.object({ value: z.string(), count: z.int() })) }).describe("the 10 most frequent values");

export const spec = {
  definition,
  answer,
  rows: textRow,
  statKind: "choice",
  summary: { schema: summarySchema, needs: () => ["top"], shape: (_q, agg) => ({ responses: agg.top.count, summary: { ...agg.top } }) },
  csvCell: plainCell,
  fromFormPost: postedText,
  operators: ["answered", "notAnswered", "equals", "notEquals", "in", "notIn", "contains", "notContains"],
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
