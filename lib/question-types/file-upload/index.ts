import { z } from "zod";
import { DEFAULT_ACCEPT } from "@/lib/files/accept";
import { uploadMaxFileMb, DEFAULT_FILE_MB } from "@/lib/files/limits";
import { base } from "../define";
import { fileCell, fileRows, fileSummary, fileSummaryNeeds, fileSummarySchema, postedFileIds } from "../file-kinds";
import { PRESENCE_OPERATORS } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";

/** ".pdf" (checked against the extension of the type sniffed from the bytes) or "image/*", "application/pdf". */
export const acceptEntry = z
  .string()
  .toLowerCase()
  .regex(/^(\.[a-z0-9]{1,10}|[a-z]+\/(\*|[a-z0-9][a-z0-9.+-]*))$/, "Use an extension such as .pdf or a MIME pattern such as image/*");

export const definition = z.strictObject({
  ...base,
  type: z.literal("file-upload"),
  maxFiles: z.int().min(1).max(10).optional().describe("Default 1"),
  maxFileSizeMB: z
    .number()
    .positive()
    .refine((mb) => mb <= uploadMaxFileMb(), { message: `At most UPLOAD_MAX_FILE_MB (${uploadMaxFileMb()})` })
    .optional()
    .describe(`Per file; default ${DEFAULT_FILE_MB}, at most UPLOAD_MAX_FILE_MB (default 25)`),
  accept: z.array(acceptEntry).min(1).max(30).optional().describe("Default: documents, images, audio and video (docs/features/files.md)"),
});

export const spec = {
  definition,
  answer,
  rows: fileRows,
  statKind: "text",
  summary: { schema: fileSummarySchema, needs: fileSummaryNeeds, shape: fileSummary },
  csvCell: fileCell,
  fromFormPost: postedFileIds,
  operators: PRESENCE_OPERATORS,
  fileAnswer: "list",
  uploadRules: (q) => ({ maxMB: q.maxFileSizeMB ?? DEFAULT_FILE_MB, accept: q.accept ?? DEFAULT_ACCEPT }),
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof fileSummarySchema>;
