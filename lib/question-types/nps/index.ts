import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, scaleLabels } from "../define";
import { range, scaleSummary, scaleSummarySchema, scaleTypeParts, sum } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z.strictObject({ ...base, type: z.literal("nps"), ...scoresField, ...scaleLabels });

const summarySchema = scaleSummarySchema
  .extend({ promoters: z.int(), passives: z.int(), detractors: z.int(), score: z.int().min(-100).max(100) })
  .describe("0..10; promoters 9-10, passives 7-8, detractors 0-6; score = %promoters - %detractors");

/** NPS: promoters 9–10, passives 7–8, detractors 0–6; score = %promoters − %detractors, rounded to a whole number. */
function npsScore(distribution: Record<string, number>, count: number) {
  const between = (lo: number, hi: number) => sum(range(lo, hi).map((v) => distribution[String(v)]));
  const promoters = between(9, 10);
  const passives = between(7, 8);
  const detractors = between(0, 6);
  return { promoters, passives, detractors, score: count ? Math.round(((promoters - detractors) / count) * 100) : 0 };
}

export const spec = {
  definition,
  answer,
  ...scaleTypeParts,
  // Always 0–10, with the promoter/passive/detractor split on top of the scale's summary.
  summary: {
    schema: summarySchema,
    needs: () => ["values"],
    shape: (_q, agg) => {
      const base = scaleSummary(range(0, 10), agg);
      return { responses: base.count, summary: { ...base, ...npsScore(base.distribution, base.count) } };
    },
  },
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
