/**
 * The filters shared by the response list, the CSV export and the analytics:
 * their query schemas, and the ONE builder of their SQL where-clause (the
 * only place that knows how each database searches text).
 */
import { z } from "zod";
import { db, provider } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/http/errors";
import { HIDDEN_VALUE_MAX } from "@/lib/schema/answers";
import { atMostProperties, nonBlankText } from "@/lib/schema/constraints";
import { END } from "@/lib/logic/types";
import { valueBucket } from "@/lib/analytics/answer-stats";
import type { ReadableForm } from "./readable-form";
import type { SpamFilter } from "./spam-state";

export const SEARCH_MAX = 200;
export const METADATA_FILTERS_MAX = 10;
const DAY_MS = 86_400_000;

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A calendar day (the whole UTC day) or an exact instant with an offset.
 * `from` and `to` are both inclusive: to=2026-01-31 keeps all of that day.
 */
// A union, not a refine: the document then says `format: date` or `format: date-time`.
const dayOrInstant = z
  .union([isoDate, isoDateTime], {
    error: "Use an ISO 8601 date (2026-01-31, a whole UTC day) or date-time with offset (2026-01-31T09:00:00Z)",
  })
  .meta({ examples: ["2026-01-31", "2026-01-31T09:00:00Z"] });

/** `metadata[<hidden_key>]=value`: exact match on a hidden question's value; several keys AND together. */
export const metadataFilterSchema = atMostProperties(
  z.record(z.string().min(1).max(64), z.string().min(1, "Give a value to match").max(HIDDEN_VALUE_MAX)),
  METADATA_FILTERS_MAX,
  `At most ${METADATA_FILTERS_MAX} metadata filters`,
).describe("metadata[<hidden_key>]=value: responses whose hidden question <hidden_key> has exactly this value");

export const responseFilterShape = {
  from: dayOrInstant.optional().describe("Submitted on or after this UTC day (YYYY-MM-DD) or instant"),
  to: dayOrInstant.optional().describe("Submitted on or before this UTC day (YYYY-MM-DD, inclusive) or instant; not before `from`"),
  search: nonBlankText("Give something to search for")
    .max(SEARCH_MAX)
    .optional()
    .describe("Case-insensitive substring of any answer (hidden values are not searched)"),
  metadata: metadataFilterSchema.optional(),
  ending: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(`Responses that reached this ending: its key, or "${END}" for the default ending (thankYouMessage); a key no published version has is a 400`),
  scoreMin: z.coerce.number("Use a number").optional().describe("Responses whose score is at least this (responses without a score never match)"),
  scoreMax: z.coerce.number("Use a number").optional().describe("Responses whose score is at most this"),
};

export type ResponseFilters = {
  from?: string;
  to?: string;
  search?: string;
  metadata?: Record<string, string>;
  ending?: string;
  scoreMin?: number;
  scoreMax?: number;
  /** Responses held as suspected spam (lib/responses/spam-state.ts); absent: exclude. Only the list and the export take it. */
  spam?: SpamFilter;
};

/** Refinement for every schema built on responseFilterShape: from must not be after to. */
export function checkDateRange(filters: ResponseFilters, ctx: z.RefinementCtx) {
  if (filters.from && filters.to && lowerBound(filters.from) >= upperBound(filters.to)) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
  }
  if (filters.scoreMin !== undefined && filters.scoreMax !== undefined && filters.scoreMin > filters.scoreMax) {
    ctx.addIssue({ code: "custom", path: ["scoreMin"], message: "scoreMin must not exceed scoreMax" });
  }
}

/** Start of a `from` value. */
function lowerBound(value: string): Date {
  return new Date(isoDate.safeParse(value).success ? `${value}T00:00:00.000Z` : value);
}

/** Exclusive end of a `to` value: the next day's start, or the instant + 1 ms (timestamps have ms precision). */
function upperBound(value: string): Date {
  if (isoDate.safeParse(value).success) return new Date(Date.parse(`${value}T00:00:00.000Z`) + DAY_MS);
  return new Date(Date.parse(value) + 1);
}

/**
 * Unknown metadata keys are a 400 naming them, not an empty result: a typo
 * in an integration's filter should fail loudly rather than report zero.
 */
export function checkMetadataKeys(form: ReadableForm, metadata: Record<string, string> | undefined) {
  const unknown = Object.keys(metadata ?? {}).filter((key) => !form.hiddenKeys.has(key));
  if (unknown.length) {
    throw new AppError(
      "invalid_query",
      `Unknown metadata key: ${unknown.join(", ")} (this form's hidden questions: ${[...form.hiddenKeys].join(", ") || "none"})`,
      unknown.map((key) => ({ path: `metadata.${key}`, message: "Not a hidden question of this form" })),
    );
  }
}

/** An ending filter must name an ending of the form (any published version) or "end": a typo should not read as zero. */
export function checkEnding(form: ReadableForm, ending: string | undefined) {
  if (ending === undefined || ending === END || form.endingKeys.has(ending)) return;
  throw new AppError(
    "invalid_query",
    `Unknown ending: ${ending} (this form's endings: ${[END, ...form.endingKeys].join(", ")})`,
    [{ path: "ending", message: "Not an ending of this form" }],
  );
}

/** Whether the filters restrict by ending or score (finished responses only have them). */
export const hasOutcomeFilter = (f: Pick<ResponseFilters, "ending" | "scoreMin" | "scoreMax">) =>
  f.ending !== undefined || f.scoreMin !== undefined || f.scoreMax !== undefined;

/**
 * SQL conditions on `"Response" r` for the form's FINISHED responses that
 * pass the filters. Metadata is an EXISTS on Answer rows (a hidden value is
 * stored there like any answer), so it uses the (responseId, questionKey,
 * valueText) index.
 */
export function responseWhere(form: ReadableForm, filters: ResponseFilters, search: SearchMatches | null = null): Prisma.Sql {
  checkMetadataKeys(form, filters.metadata);
  checkEnding(form, filters.ending);
  const parts: Prisma.Sql[] = [Prisma.sql`r."formId" = ${form.id}`, spamCondition(filters.spam)];
  if (filters.from) parts.push(Prisma.sql`r."submittedAt" >= ${lowerBound(filters.from)}`);
  if (filters.to) parts.push(Prisma.sql`r."submittedAt" < ${upperBound(filters.to)}`);
  if (search) parts.push(search.condition);
  else if (filters.search) parts.push(searchCondition(form.id, filters.search, withSpam(filters)));
  if (filters.ending === END) parts.push(Prisma.sql`r."ending" IS NULL`);
  else if (filters.ending !== undefined) parts.push(Prisma.sql`r."ending" = ${filters.ending}`);
  if (filters.scoreMin !== undefined) parts.push(Prisma.sql`r."score" >= ${filters.scoreMin}`);
  if (filters.scoreMax !== undefined) parts.push(Prisma.sql`r."score" <= ${filters.scoreMax}`);
  parts.push(...metadataConditions(filters.metadata, Prisma.sql`r."id"`));
  return Prisma.join(parts, " AND ");
}

/**
 * Which responses: finished ones (exclude), or those held as suspected spam
 * (only: unfinished with reasons; their submittedAt is set, so the
 * (formId, finished, submittedAt, id) index serves pages of them too), or both.
 */
function spamCondition(spam: SpamFilter | undefined): Prisma.Sql {
  // submittedAt IS NOT NULL keeps the index range to submitted rows: partial responses are never scanned.
  const held = Prisma.sql`(r."finished" = FALSE AND r."submittedAt" IS NOT NULL AND r."spamReasons" IS NOT NULL)`;
  if (spam === "only") return held;
  if (spam === "include") return Prisma.sql`(r."finished" = TRUE OR ${held})`;
  return Prisma.sql`r."finished" = TRUE`;
}

const withSpam = (filters: Pick<ResponseFilters, "spam">) => filters.spam !== undefined && filters.spam !== "exclude";

/**
 * One EXISTS per metadata filter on the response whose id is `responseId`
 * (an SQL expression: r."id", or a."responseId" when aggregating Answer
 * rows). Call checkMetadataKeys first.
 */
export function metadataConditions(metadata: Record<string, string> | undefined, responseId: Prisma.Sql): Prisma.Sql[] {
  return Object.entries(metadata ?? {}).map(
    ([key, value]) =>
      Prisma.sql`EXISTS (SELECT 1 FROM "Answer" m WHERE m."responseId" = ${responseId} AND m."questionKey" = ${key} AND m."valueText" = ${value})`,
  );
}

/**
 * Conditions on `"Answer" m` that pick, for each response matching every
 * metadata filter, exactly one row: the hidden answer of the first filter key
 * (one row per response and hidden key, by the storage contract). Driving a
 * query from this index range costs what the filter matches, not the form's size.
 * `finished` picks finished or partial responses (Answer.finished mirrors
 * Response.finished); partial ones are those in progress, not those held as
 * suspected spam (submitted: submittedAt set).
 */
export function metadataDriver(formId: string, metadata: Record<string, string>, finished: boolean): Prisma.Sql {
  const [[key, value], ...rest] = Object.entries(metadata);
  const state = finished
    ? Prisma.sql` AND m."finished" = TRUE`
    : Prisma.sql` AND m."finished" = FALSE AND NOT EXISTS (SELECT 1 FROM "Response" h WHERE h."id" = m."responseId" AND h."submittedAt" IS NOT NULL)`;
  const others = rest.map(
    ([k, v]) => Prisma.sql` AND EXISTS (SELECT 1 FROM "Answer" o WHERE o."responseId" = m."responseId" AND o."questionKey" = ${k} AND o."valueText" = ${v})`,
  );
  const more = others.length ? Prisma.join(others, "", "", "") : Prisma.empty;
  return Prisma.sql`m."formId" = ${formId}${state} AND m."questionKey" = ${key} AND m."valueText" = ${value}${more}`;
}

export const hasMetadata = (metadata: Record<string, string> | undefined): metadata is Record<string, string> =>
  Boolean(metadata && Object.keys(metadata).length);

/**
 * Number of the form's finished responses passing the filters. Unfiltered it
 * is the form's counter (exact: kept in the submitting transaction); one
 * metadata filter alone on a key that was a hidden question in every
 * version is that value's analytics counter (AnswerStat, kept in the same
 * transaction: a hidden value is one Answer row per finished response);
 * other metadata-only filters count one index range; a search alone on
 * PostgreSQL counts the narrow search table (searchAlone).
 */
export async function countResponses(form: ReadableForm, filters: ResponseFilters): Promise<number> {
  checkMetadataKeys(form, filters.metadata);
  checkEnding(form, filters.ending);
  // Held responses are in no counter: counting them reads the rows.
  const metadataOnly = !filters.from && !filters.to && !filters.search && !hasOutcomeFilter(filters) && !withSpam(filters);
  if (metadataOnly && !hasMetadata(filters.metadata)) return form.responseCount;
  const [row] = await db.$queryRaw<{ n: number | bigint }[]>(countQuery(form, filters, metadataOnly));
  return Number(row?.n ?? 0);
}

/** countResponses' one statement, the cheapest that is exact for these filters. */
function countQuery(form: ReadableForm, filters: ResponseFilters, metadataOnly: boolean): Prisma.Sql {
  const counted = metadataOnly ? countedHiddenValue(form, filters.metadata!) : null;
  if (counted) {
    return Prisma.sql`SELECT SUM(s."count") AS n FROM "AnswerStat" s
      WHERE s."formId" = ${form.id} AND s."questionKey" = ${counted.key} AND s."bucket" = ${valueBucket(counted.value)}`;
  }
  const alone = searchAlone(form.id, filters);
  if (alone) return Prisma.sql`SELECT COUNT(*) AS n FROM ${alone}`;
  if (metadataOnly) return Prisma.sql`SELECT COUNT(*) AS n FROM "Answer" m WHERE ${metadataDriver(form.id, filters.metadata!, true)}`;
  return Prisma.sql`SELECT COUNT(*) AS n FROM "Response" r WHERE ${responseWhere(form, filters)}`;
}

/** The one metadata filter whose count a counter holds: a single key that every published version had as a hidden question. */
function countedHiddenValue(form: ReadableForm, metadata: Record<string, string>): { key: string; value: string } | null {
  const entries = Object.entries(metadata);
  if (entries.length !== 1) return null;
  const [[key, value]] = entries;
  const types = form.typesByKey.get(key);
  return types && [...types].every((t) => t === "hidden") ? { key, value } : null;
}

/** The metadata conditions joined with AND, each preceded by AND (empty without filters). */
export function andMetadata(metadata: Record<string, string> | undefined, responseId: Prisma.Sql): Prisma.Sql {
  const parts = metadataConditions(metadata, responseId);
  return parts.length ? Prisma.sql` AND ${Prisma.join(parts, " AND ")}` : Prisma.empty;
}

/**
 * Case-insensitive substring search over Response.searchText (already
 * lowercased; hidden values are not in it), through each database's
 * "ResponseSearch" table, kept from Response by triggers:
 * - SQLite: an FTS5 index with the trigram tokenizer (a quoted phrase is a
 *   substring match), terms of 3+ characters; shorter ones cannot use a
 *   trigram index and scan the form's responses with LIKE. The match set is
 *   built once (a fast FTS lookup) and then only tested for membership (the
 *   unary + keeps SQLite from driving the query from it): pages walk the
 *   (formId, finished, submittedAt, id) index newest first and stop after one
 *   page, counts stay inside that covering index. A common term would
 *   otherwise cost one random row lookup plus a sort per match.
 * - PostgreSQL: a narrow table of the finished responses (id, form, sort key,
 *   text) with a pg_trgm GIN index under LIKE: the index's candidates are
 *   rechecked in its small rows, not in the wide Response rows. A search
 *   alone is served from it entirely (searchAlone); with other filters it is
 *   this membership condition.
 */
function searchCondition(formId: string, search: string, withHeld: boolean): Prisma.Sql {
  const term = search.toLowerCase();
  // PostgreSQL's search table holds finished responses only; held ones are few: their own text is read.
  if (provider === "postgresql" && withHeld) return Prisma.sql`r."searchText" LIKE ${likePattern(term)} ESCAPE '\\'`;
  if (provider === "postgresql") return Prisma.sql`r."id" IN (SELECT s."responseId" FROM ${searchRows(formId, term)})`;
  const match = ftsMatch(term);
  if (match) return Prisma.sql`+r.rowid IN (${match})`;
  return Prisma.sql`r."searchText" LIKE ${likePattern(term)} ESCAPE '\\'`;
}

/** `%term%` for LIKE … ESCAPE '\', the term's own \, % and _ taken literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL: `"ResponseSearch" s WHERE …`, the form's finished responses whose text contains the (lowercased) term. */
function searchRows(formId: string, term: string): Prisma.Sql {
  return Prisma.sql`"ResponseSearch" s WHERE s."formId" = ${formId} AND s."searchText" LIKE ${likePattern(term)} ESCAPE '\\'`;
}

/**
 * PostgreSQL, a search with no other filter: the rows of "ResponseSearch"
 * (alias s: "responseId", "submittedAt") that are the answer, so that a page
 * and its total read that narrow table alone. Null otherwise.
 */
export function searchAlone(formId: string, filters: ResponseFilters): Prisma.Sql | null {
  if (provider !== "postgresql" || !filters.search || withSpam(filters)) return null;
  if (filters.from || filters.to || hasMetadata(filters.metadata) || hasOutcomeFilter(filters)) return null;
  return searchRows(formId, filters.search.toLowerCase());
}

/** SQLite, terms of 3+ characters: the rowids of the FTS5 trigram match (a quoted phrase is a substring match). */
function ftsMatch(term: string): Prisma.Sql | null {
  if (provider !== "sqlite" || [...term].length < 3) return null;
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return Prisma.sql`SELECT rowid FROM "ResponseSearch" WHERE "ResponseSearch" MATCH ${phrase}`;
}

/**
 * A search's FTS5 match set computed ONCE for a whole statement that uses it
 * several times (the list's page and its total): `with` goes before the
 * statement, and responseWhere(form, filters, matches) tests membership in it.
 * Building the set is a large part of a common term's cost (130k matches for
 * "support" at 1M responses), so a page and its count in two statements paid
 * it twice. Null when the search is not an FTS5 one (no search, PostgreSQL,
 * terms under 3 characters).
 */
export interface SearchMatches {
  with: Prisma.Sql;
  condition: Prisma.Sql;
}

export function searchMatches(filters: ResponseFilters): SearchMatches | null {
  const match = filters.search ? ftsMatch(filters.search.toLowerCase()) : null;
  if (!match) return null;
  return { with: Prisma.sql`WITH "SearchMatch" AS MATERIALIZED (${match})`, condition: Prisma.sql`+r.rowid IN "SearchMatch"` };
}
