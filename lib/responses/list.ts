/**
 * Reading responses: one page of the filtered list, newest first, and one
 * response by id. Every query is scoped to a form the caller owns.
 */
import type { Actor } from "@/lib/workspaces/actor";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { notFound } from "@/lib/http/errors";
import { checkDateRange, countResponses, responseFilterShape, responseWhere, searchAlone, searchMatches } from "./filters";
import { getReadableForm } from "./readable-form";
import { fileAnswerSchema, filesOfResponses } from "@/lib/files/answers";
import { serializeResponse, type ResponseRow } from "./serialize";
import { answerValueSchema } from "./submit-schemas";
import { spamFilterSchema, spamStateSchema, type SpamFilter } from "./spam-state";

export const RESPONSES_PAGE_MAX = 50;

const positiveInt = (max: number) => z.coerce.number().int("Use a whole number").min(1).max(max);

export const listResponsesQuerySchema = z
  .strictObject({
    limit: positiveInt(RESPONSES_PAGE_MAX).default(20).describe(`Responses per page, 1..${RESPONSES_PAGE_MAX}`),
    page: positiveInt(1_000_000).default(1).describe("1-based page number; a page past the end is empty"),
    ...responseFilterShape,
    spam: spamFilterSchema,
  })
  .superRefine(checkDateRange)
  .meta({ id: "ListResponsesQuery" });
export type ListResponsesQuery = z.output<typeof listResponsesQuerySchema>;

export const responseParams = z.strictObject({ id: z.string().min(1).max(64), responseId: z.string().min(1).max(64) });

/** The response object of the API (documentation and tests; serializeResponse builds it). */
export const responseSchema = z
  .object({
    id: z.string(),
    finished: z.boolean().describe("Lists hold finished responses only (a response held as suspected spam reads as finished); one fetched by id may be partial"),
    submittedAt: z.iso.datetime().nullable().describe("null while partial"),
    startedAt: z.iso.datetime(),
    version: z.int().describe("The published form version the respondent answered"),
    answers: z
      .record(z.string(), z.union([answerValueSchema, fileAnswerSchema, z.array(fileAnswerSchema)]))
      .describe("Question key → answer (hidden values are in metadata); file-upload answers are lists of files, signatures one file"),
    metadata: z.record(z.string(), z.string()).describe("Hidden question key → value"),
    score: z.number().nullable().describe("The sum of the scores on the respondent's path, computed by the server; null when the form has no scores (or the response is partial)"),
    ending: z.string().nullable().describe("The key of the ending reached; null for the default ending (or while partial)"),
    language: z.string().describe("The language the respondent answered in (the form's own or one of its translations; responses from before languages existed: \"en\"). Answers are in the form's own language whatever this is."),
    spam: spamStateSchema.describe("Held as suspected spam: left out of lists (unless spam=only/include), analytics and counts until restored (PATCH {\"spam\": false})"),
  })
  .meta({ id: "Response" });

export const responseListSchema = z
  .object({
    responses: z.array(responseSchema),
    pagination: z.object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() }),
  })
  .meta({ id: "ResponseList" });

const responseColumns = Prisma.sql`r."id", r."finished", r."submittedAt", r."createdAt", v."version", r."answers", r."metadata", r."score", r."ending", r."language", r."spamReasons"`;

export async function listResponses(actor: Actor, formId: string, query: Omit<ListResponsesQuery, "spam"> & { spam?: SpamFilter }) {
  const form = await getReadableForm(actor.workspaceId, formId);
  // An FTS5 search's match set is built once for the page and its total (one statement).
  const matches = searchMatches(query);
  const where = responseWhere(form, query, matches);
  const offset = (query.page - 1) * query.limit;
  // Deferred join: the page's ids come off the (formId, finished,
  // submittedAt, id) index alone, so a deep OFFSET skips index entries,
  // not whole rows; only the page's rows are then read.
  const page = (total: Prisma.Sql) => Prisma.sql`
    ${matches?.with ?? Prisma.empty}
    SELECT ${responseColumns}${total}
    FROM "Response" r JOIN "FormVersion" v ON v."id" = r."versionId"
    WHERE r."id" IN (
      SELECT r."id" FROM "Response" r WHERE ${where}
      ORDER BY r."submittedAt" DESC, r."id" DESC
      LIMIT ${query.limit} OFFSET ${offset})
    ORDER BY r."submittedAt" DESC, r."id" DESC`;
  let rows: (ResponseRow & { total?: number | bigint })[];
  let total: number;
  const alone = searchAlone(form.id, query);
  if (alone) {
    // PostgreSQL, a search alone: the match set is read ONCE from the narrow
    // search table, then counted and cut to the page (a top-N sort of its
    // ids and sort keys); only the page's rows are read from Response.
    rows = await db.$queryRaw(Prisma.sql`
      WITH "SearchMatch" AS MATERIALIZED (SELECT s."responseId", s."submittedAt" FROM ${alone})
      SELECT ${responseColumns}, (SELECT COUNT(*) FROM "SearchMatch") AS "total"
      FROM "Response" r JOIN "FormVersion" v ON v."id" = r."versionId"
      WHERE r."formId" = ${form.id} AND r."id" IN (
        SELECT m."responseId" FROM "SearchMatch" m
        ORDER BY m."submittedAt" DESC, m."responseId" DESC
        LIMIT ${query.limit} OFFSET ${offset})
      ORDER BY r."submittedAt" DESC, r."id" DESC`);
    total = rows.length ? Number(rows[0].total) : await countResponses(form, query);
  } else if (matches) {
    // The total rides on every row of the page (an uncorrelated subquery: computed once).
    rows = await db.$queryRaw(page(Prisma.sql`, (SELECT COUNT(*) FROM "Response" r WHERE ${where}) AS "total"`));
    // An empty page (no match, or past the end) carries no total: count on its own then.
    total = rows.length ? Number(rows[0].total) : await countResponses(form, query);
  } else {
    // Unfiltered, the form's counter is the exact number of finished
    // responses (kept in the submitting transaction): no count over a
    // million index entries per page.
    [rows, total] = await Promise.all([db.$queryRaw<ResponseRow[]>(page(Prisma.empty)), countResponses(form, query)]);
  }
  const files = await filesOfResponses(rows.map((r) => r.id));
  return {
    responses: rows.map((row) => serializeResponse(row, { formId: form.id, files: files.get(row.id) ?? [] })),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** One response of the form, finished or partial. */
export async function getResponse(actor: Actor, formId: string, responseId: string) {
  const form = await getReadableForm(actor.workspaceId, formId);
  const [row] = await db.$queryRaw<ResponseRow[]>(Prisma.sql`
    SELECT ${responseColumns}
    FROM "Response" r JOIN "FormVersion" v ON v."id" = r."versionId"
    WHERE r."formId" = ${form.id} AND r."id" = ${responseId}`);
  if (!row) throw notFound("Response");
  const files = await filesOfResponses([row.id]);
  return { response: serializeResponse(row, { formId: form.id, files: files.get(row.id) ?? [] }) };
}
