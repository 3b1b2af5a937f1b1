import { z } from "zod";
import { base } from "../define";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

/** Text shown between questions: no answer, no rows, no summary, no column. */
export const definition = z.strictObject({ ...base, type: z.literal("statement"), required: z.literal(false).optional() });

const summarySchema = z.never();

export const spec = {
  definition,
  answer,
  rows: () => [],
  statKind: null,
  summary: { schema: summarySchema, needs: () => [], shape: () => null },
  csvCell: () => "",
  fromFormPost: () => undefined,
  operators: [],
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof summarySchema>;
