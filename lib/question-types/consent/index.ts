import { z } from "zod";
import { base } from "../define";
import { firstValue, PRESENCE_OPERATORS, plainCell } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

/** A checkbox with a statement (terms, privacy); the title is the short label, `text` the statement. */
export const definition = z.strictObject({ ...base, type: z.literal("consent"), text: z.string().trim().max(5000).optional() });

const summarySchema = z.object({ count: z.int().describe("responses that gave consent") });

export const spec = {
  definition,
  answer,
  // Stored like a yes: one row per consent given.
  rows: (q) => [{ questionKey: q.key, valueText: "yes", valueNumber: 1 }],
  statKind: "choice",
  summary: {
    schema: summarySchema,
    needs: () => ["values"],
    shape: (_q, agg) => {
      const count = agg.values.get("yes")?.count ?? 0;
      return { responses: count, summary: { count } };
    },
  },
  csvCell: plainCell,
  // A ticked checkbox sends its value ("yes"); an unticked one sends nothing.
  fromFormPost: (q, data) => {
    const raw = firstValue(data, q.key);
    return raw === "yes" ? true : raw;
  },
  operators: PRESENCE_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
