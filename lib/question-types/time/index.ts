import { z } from "zod";
import { base, timeOfDay } from "../define";
import { ORDERED_OPERATORS, plainCell, postedText, range } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z
  .strictObject({ ...base, type: z.literal("time"), min: timeOfDay.optional(), max: timeOfDay.optional() })
  .refine((q) => !q.min || !q.max || q.min <= q.max, { message: "min must not be after max", path: ["max"] });

const hours = range(0, 23).map((h) => String(h).padStart(2, "0"));
const summarySchema = z
  .object({ count: z.int(), hours: z.record(z.string(), z.int()).describe('answers per hour of the day, "00" to "23"') })
  .describe("time: answers per hour");

export const spec = {
  definition,
  answer,
  // The text for counting per value, the minutes since midnight for ordering.
  rows: (q, value) => {
    const text = String(value);
    return [{ questionKey: q.key, valueText: text, valueNumber: Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5)) }];
  },
  statKind: "choice",
  summary: {
    schema: summarySchema,
    needs: () => ["values"],
    shape: (_q, agg) => {
      const perHour = new Map(hours.map((h) => [h, 0]));
      for (const [value, c] of agg.values) {
        const hour = String(value).slice(0, 2);
        if (perHour.has(hour)) perHour.set(hour, perHour.get(hour)! + c.count);
      }
      const count = [...perHour.values()].reduce((s, n) => s + n, 0);
      return { responses: count, summary: { count, hours: Object.fromEntries(perHour) } };
    },
  },
  csvCell: plainCell,
  fromFormPost: postedText,
  operators: ORDERED_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
