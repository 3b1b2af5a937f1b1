import { z } from "zod";
import { scoresField } from "@/lib/logic/schema";
import { base, scaleLabels } from "../define";
import { scaleTypeParts, scaleSummarySchema } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

export const definition = z
  .strictObject({
    ...base,
    type: z.literal("rating"),
    ...scoresField,
    scaleMin: z.int().min(0).max(1).default(1),
    scaleMax: z.int().min(2).max(10).default(5),
    style: z.enum(["stars", "numbers"]).optional(),
    ...scaleLabels,
  })
  .refine((q) => q.scaleMin < q.scaleMax, { message: "scaleMin must be below scaleMax", path: ["scaleMax"] });

export const spec = {
  definition,
  answer,
  ...scaleTypeParts,
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof scaleSummarySchema>;
