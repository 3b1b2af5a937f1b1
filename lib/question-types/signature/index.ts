import { z } from "zod";
import { SIGNATURE_MAX_MB } from "@/lib/files/limits";
import { base } from "../define";
import { fileCell, fileRows, fileSummary, fileSummaryNeeds, fileSummarySchema, postedFileId } from "../file-kinds";
import { PRESENCE_OPERATORS } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

/**
 * Drawn (or, as the keyboard alternative, the typed name rendered) on a
 * canvas in the browser and uploaded as a PNG through the files endpoint;
 * the answer is that file's id.
 */
export const definition = z.strictObject({ ...base, type: z.literal("signature") });

export const spec = {
  definition,
  answer,
  rows: fileRows,
  statKind: "text",
  summary: { schema: fileSummarySchema, needs: fileSummaryNeeds, shape: fileSummary },
  csvCell: fileCell,
  fromFormPost: postedFileId,
  operators: PRESENCE_OPERATORS,
  fileAnswer: "one",
  uploadRules: () => ({ maxMB: SIGNATURE_MAX_MB, accept: ["image/png"] }),
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof fileSummarySchema>;
