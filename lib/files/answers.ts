/**
 * Owners read file answers as file objects, `{ id, name, size, contentType,
 * url }`, in every response object (list, detail, webhooks, e-mail, export).
 * Stored answers keep the ids; the files attached to a response (their rows
 * carry the question key) replace them when a response is serialized.
 */
import { z } from "zod";
import { anyOf, prepareOnce, rawQuery, sql } from "@/lib/db/raw";
import type { FileAnswer } from "@/lib/question-types/file-kinds";
import { safeFileName } from "./file-name";

export const fileAnswerSchema = z
  .strictObject({
    id: z.string(),
    name: z.string().describe("As uploaded (sanitised); for display only"),
    size: z.int().describe("Bytes"),
    contentType: z.string().describe("Sniffed from the bytes"),
    url: z.string().describe("Owner only: GET /api/forms/{id}/responses/{responseId}/files/{fileId}"),
  })
  .meta({ id: "FileAnswer" });

export interface AttachedFile {
  id: string;
  responseId: string | null;
  questionKey: string | null;
  name: string;
  size: number | bigint;
  contentType: string;
}

/** A file's owner URL: relative (the API and the dashboard), or absolute under `origin` (the CSV export, read outside the app). */
export const fileUrl = (formId: string, responseId: string, fileId: string, origin = "") =>
  `${origin}/api/forms/${encodeURIComponent(formId)}/responses/${encodeURIComponent(responseId)}/files/${encodeURIComponent(fileId)}`;

/** The answers with each attached file's id swapped for its object (ids with no attached file stay as they are). */
export function withFileObjects<A extends Record<string, unknown>>(formId: string, responseId: string, answers: A, files: readonly AttachedFile[], origin = ""): A {
  if (files.length === 0) return answers;
  const byId = new Map(files.map((f) => [f.id, f]));
  const object = (id: unknown): unknown => {
    const f = typeof id === "string" ? byId.get(id) : undefined;
    return f ? ({ id: f.id, name: safeFileName(f.name), size: Number(f.size), contentType: f.contentType, url: fileUrl(formId, responseId, f.id, origin) } satisfies FileAnswer) : id;
  };
  const out: Record<string, unknown> = { ...answers };
  for (const key of new Set(files.map((f) => f.questionKey))) {
    if (key === null || !Object.hasOwn(out, key)) continue;
    const value = out[key];
    out[key] = Array.isArray(value) ? value.map(object) : object(value);
  }
  return out as A;
}

/**
 * The attached files of some responses, by response id. Raw SQL: it runs for
 * every page, export batch and webhook delivery (also on the outbox thread,
 * which loads no Prisma client: lib/outbox/thread-db.ts).
 */
export async function filesOfResponses(responseIds: readonly string[]): Promise<Map<string, AttachedFile[]>> {
  const byResponse = new Map<string, AttachedFile[]>();
  if (responseIds.length === 0) return byResponse;
  const rows = await rawQuery<AttachedFile & { responseId: string }>(prepareOnce(sql`
    SELECT "id", "responseId", "questionKey", "name", "size", "contentType" FROM "StoredFile"
    WHERE "kind" = 'upload' AND ${anyOf(sql`"responseId"`, [...new Set(responseIds)])}`));
  for (const row of rows) {
    const files = byResponse.get(row.responseId);
    if (files) files.push(row);
    else byResponse.set(row.responseId, [row]);
  }
  return byResponse;
}
