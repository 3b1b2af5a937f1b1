/**
 * The API's response object, built from a stored row: the one shape every
 * reader shows (GET …/responses and …/responses/:responseId, webhook bodies,
 * response.deleted events). Nothing here loads the database client, so the
 * outbox thread (lib/outbox/thread-entry.ts) builds webhook bodies with it.
 */
import type { z } from "zod";
import { withFileObjects, type AttachedFile } from "@/lib/files/answers";
import type { Answers } from "@/lib/schema/answers";
import type { responseSchema } from "./list";
import { spamState } from "./spam-state";

export interface ResponseRow {
  id: string;
  finished: boolean | number;
  submittedAt: Date | null;
  createdAt: Date;
  version: number | bigint;
  answers: string;
  metadata: string;
  score: number | null;
  ending: string | null;
  language: string;
  /** JSON array of reasons while held as suspected spam; null otherwise (lib/responses/spam-state.ts). */
  spamReasons: string | null;
}

/**
 * Never the respondent key or internal columns.
 * `files`: the response's attached uploads, shown as file objects (lib/files/answers.ts).
 */
export function serializeResponse(row: ResponseRow, files?: { formId: string; files: readonly AttachedFile[] }) {
  const answers = JSON.parse(row.answers) as Answers;
  return {
    id: row.id,
    // A held response was submitted: to the API it is finished, and says it is suspected spam.
    finished: Boolean(row.finished) || row.spamReasons !== null,
    submittedAt: row.submittedAt ? new Date(row.submittedAt).toISOString() : null,
    startedAt: new Date(row.createdAt).toISOString(),
    version: Number(row.version),
    answers: files ? withFileObjects(files.formId, row.id, answers, files.files) : answers,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    score: row.score === null ? null : Number(row.score),
    ending: row.ending,
    language: row.language,
    spam: spamState(row.spamReasons),
  } satisfies z.output<typeof responseSchema>;
}
