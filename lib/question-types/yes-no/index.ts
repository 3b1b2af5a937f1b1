import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base } from "../define";
import { CHOICE_OPERATORS, countOf, firstValue, plainCell } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("yes-no"), ...scoresField });

const summarySchema = z.object({ count: z.int(), yes: z.int(), no: z.int() });

export const spec = {
  definition,
  answer,
  rows: (q, value) => [{ questionKey: q.key, valueText: value ? "yes" : "no", valueNumber: value ? 1 : 0 }],
  statKind: "choice",
  summary: {
    schema: summarySchema,
    needs: () => ["values"],
    shape: (_q, agg) => {
      const yes = countOf(agg, "yes");
      const no = countOf(agg, "no");
      return { responses: yes + no, summary: { count: yes + no, yes, no } };
    },
  },
  csvCell: plainCell,
  fromFormPost: (q, data) => {
    const raw = firstValue(data, q.key);
    return raw === "yes" || raw === "no" ? raw === "yes" : raw;
  },
  operators: CHOICE_OPERATORS,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
