import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, scaleLabels } from "../define";
import { scaleTypeParts, scaleSummarySchema } from "../kinds";
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
  ...scaleTypeParts,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof scaleSummarySchema>;
