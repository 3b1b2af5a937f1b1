/**
 * Server/shared parts of the file-holding types (file-upload, signature).
 * Stored answers are file ids (one Answer row each); the response objects
 * owners read carry file objects instead (lib/files/answers.ts swaps them in),
 * so the CSV cell takes either.
 */
import { z } from "zod";
import { neutraliseCell } from "@/lib/responses/csv-cell";
import type { AnswerValue } from "@/lib/schema/answers";
import type { AnswerValueRow } from "@/lib/responses/store";
import { firstValue, postedList } from "./kinds";
import type { KeyAggregates } from "./spec";

/** A file as owners see it in a response object. */
export interface FileAnswer {
  id: string;
  name: string;
  size: number;
  contentType: string;
  /** Owner-only: /api/forms/:id/responses/:responseId/files/:fileId */
  url: string;
}

export const fileRows = (q: { key: string }, value: AnswerValue): AnswerValueRow[] =>
  [value].flat().map((id) => ({ questionKey: q.key, valueText: String(id), valueNumber: null }));

export const fileSummarySchema = z.object({
  count: z.int().describe("Responses with at least one file"),
  files: z.int().describe("Files attached to those responses"),
  totalBytes: z.int().describe("Their total size in bytes"),
});
export const fileSummaryNeeds = () => ["answered", "files"] as const;
export const fileSummary = (_q: unknown, agg: KeyAggregates) => ({
  responses: agg.answered,
  summary: { count: agg.answered, files: agg.files.files, totalBytes: agg.files.bytes },
});

/** "name (url)" per file, "; " between; a bare id when the file is unknown. */
export function fileCell(_q: unknown, value: AnswerValue | FileAnswer | FileAnswer[]): string {
  const files = [value].flat() as (FileAnswer | string)[];
  return neutraliseCell(files.map((f) => (typeof f === "object" && f ? `${f.name} (${f.url})` : String(f))).join("; "));
}

/** The no-JavaScript page posts the ids of files it uploaded (a File part is no answer here). */
export const postedFileIds = (q: { key: string }, data: FormData) => (data.getAll(q.key).some((v) => typeof v === "string") ? postedList(data, q.key) : undefined);
export const postedFileId = (q: { key: string }, data: FormData) => firstValue(data, q.key);
