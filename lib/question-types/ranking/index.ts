import { z } from "zod";
import { base, optionList } from "../define";
import { answerCell, firstValue, PRESENCE_OPERATORS, round2 } from "../kinds";
import { partField } from "../form-fields";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("ranking"), options: optionList, randomize: z.boolean().optional().describe("Starts each respondent from a random order") });

const summarySchema = z
  .object({ count: z.int(), averagePosition: z.record(z.string(), z.number().nullable()).describe("per option: its average rank (1 = first), null before any answer") })
  .describe("ranking: average position per option");

export const spec = {
  definition,
  answer,
  // One row per option with its position (1 = first): the average is SUM ÷ COUNT per option.
  rows: (q, value) => (value as string[]).map((option, i) => ({ questionKey: q.key, valueText: option, valueNumber: i + 1 })),
  statKind: "ranked",
  summary: {
    schema: summarySchema,
    needs: () => ["values", "answered"],
    shape: (q, agg) => {
      const averagePosition = Object.fromEntries(
        q.options.map((o) => {
          const c = agg.values.get(o);
          return [o, c && c.count ? round2(c.sum / c.count) : null];
        }),
      );
      return { responses: agg.answered, summary: { count: agg.answered, averagePosition } };
    },
  },
  csvCell: (_q, value) => answerCell(value),
  /**
   * A plain form ranks with one number input per option (named
   * "<key>:<option index>", 1 = first). Options without a distinct position
   * are left out, so an incomplete or tied ranking fails "every option exactly once".
   */
  fromFormPost: (q, data) => {
    const positions = q.options.map((option, i) => ({ option, raw: firstValue(data, partField(q.key, i))?.trim() ?? "" }));
    if (positions.every((p) => p.raw === "")) return undefined;
    const seen = new Map<number, number>();
    for (const p of positions) seen.set(Number(p.raw), (seen.get(Number(p.raw)) ?? 0) + 1);
    return positions
      .filter((p) => p.raw !== "" && Number.isInteger(Number(p.raw)) && seen.get(Number(p.raw)) === 1)
      .sort((a, b) => Number(a.raw) - Number(b.raw))
      .map((p) => p.option);
  },
  operators: PRESENCE_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
