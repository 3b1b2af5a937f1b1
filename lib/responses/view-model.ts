/**
 * The dashboard's view of responses: filters read from (and written to) the
 * page URL, the table's columns and how answer values read as text.
 * Browser-safe (no server imports): the filter bar, the table and the
 * analytics page all share it, so a filtered view, its export link and its
 * analytics use the very same query parameters as the API.
 */
import type { AnswerValue } from "@/lib/schema/answers";
import type { FormSchema, Question } from "@/lib/schema/form-schema";
import type { SpamFilter } from "./spam-state";

// The API's limits (lib/responses/list.ts, filters.ts), repeated here because
// those modules are server-only; a unit test keeps them equal.
export const PAGE_SIZES = [20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const SEARCH_MAX = 200;

export interface ResponseFilters {
  from?: string;
  to?: string;
  search?: string;
  /** Hidden-question key → value (the API's `metadata[key]=value`). */
  metadata: Record<string, string>;
  /** An ending's key, or "end" for the default ending. */
  ending?: string;
  scoreMin?: number;
  scoreMax?: number;
  /** Responses held as suspected spam (the API's `spam`); absent: left out. The analytics never take it. */
  spam?: SpamFilter;
}

/** The `ending` filter's value for the default ending (lib/logic END). */
export const DEFAULT_ENDING = "end";

export interface ResponsePageQuery extends ResponseFilters {
  page: number;
  limit: PageSize;
}

/** Next.js page `searchParams`: a repeated key arrives as an array. */
export type SearchParams = Record<string, string | string[] | undefined>;

export interface FilterProblem {
  field: string;
  message: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function isCalendarDay(value: string) {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Reads the filters of a page URL. A bad value is dropped and reported (so the
 * page still renders, with the problem shown next to the filters) instead of
 * failing the whole page: URLs are typed and shared by people.
 */
export function readResponseFilters(params: SearchParams, metadataKeys: readonly string[], endingKeys: readonly string[] = []) {
  const problems: FilterProblem[] = [];
  const filters: ResponseFilters = { metadata: {} };
  for (const field of ["from", "to"] as const) {
    const value = first(params[field]);
    if (value === undefined) continue;
    if (isCalendarDay(value)) filters[field] = value;
    else problems.push({ field, message: `"${value}" is not a date (YYYY-MM-DD); it was ignored` });
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.push({ field: "to", message: "The end date is before the start date; the date range was ignored" });
    delete filters.from;
    delete filters.to;
  }
  const search = first(params.search);
  if (search) filters.search = search.slice(0, SEARCH_MAX);
  for (const key of metadataKeys) {
    const value = first(params[`metadata[${key}]`]);
    if (value) filters.metadata[key] = value;
  }
  const ending = first(params.ending);
  if (ending && (ending === DEFAULT_ENDING || endingKeys.includes(ending))) filters.ending = ending;
  else if (ending) problems.push({ field: "ending", message: `"${ending}" is not an ending of this form; it was ignored` });
  for (const field of ["scoreMin", "scoreMax"] as const) {
    const value = first(params[field]);
    if (value === undefined) continue;
    const n = Number(value);
    if (Number.isFinite(n)) filters[field] = n;
    else problems.push({ field, message: `"${value}" is not a number; it was ignored` });
  }
  if (filters.scoreMin !== undefined && filters.scoreMax !== undefined && filters.scoreMin > filters.scoreMax) {
    problems.push({ field: "scoreMax", message: "The highest score is below the lowest; the score range was ignored" });
    delete filters.scoreMin;
    delete filters.scoreMax;
  }
  const spam = first(params.spam);
  if (spam === "only" || spam === "include") filters.spam = spam;
  else if (spam && spam !== "exclude") problems.push({ field: "spam", message: `"${spam}" is not a spam filter (exclude, only or include); it was ignored` });
  return { filters, problems };
}

/** Filters plus page and page size (unknown sizes fall back to 20, pages to 1). */
export function readResponsePageQuery(params: SearchParams, metadataKeys: readonly string[], endingKeys: readonly string[] = []) {
  const { filters, problems } = readResponseFilters(params, metadataKeys, endingKeys);
  const limit = Number(first(params.limit));
  const page = Number(first(params.page));
  const query: ResponsePageQuery = {
    ...filters,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? (limit as PageSize) : PAGE_SIZES[0],
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  return { query, problems };
}

/** Whether the filters narrow the responses (the spam view is a view of its own, not a filter). */
export const hasFilters = (f: ResponseFilters) =>
  Boolean(f.from || f.to || f.search || Object.keys(f.metadata).length || f.ending || f.scoreMin !== undefined || f.scoreMax !== undefined);

/**
 * Query parameters of the API and of the page URL alike (empty values left
 * out). Page and page size are written only when they differ from the default.
 */
export function toSearchParams(f: ResponseFilters & { page?: number; limit?: number }, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.search) params.set("search", f.search);
  for (const [key, value] of Object.entries(f.metadata)) if (value) params.set(`metadata[${key}]`, value);
  if (f.ending) params.set("ending", f.ending);
  if (f.scoreMin !== undefined) params.set("scoreMin", String(f.scoreMin));
  if (f.scoreMax !== undefined) params.set("scoreMax", String(f.scoreMax));
  if (f.spam && f.spam !== "exclude") params.set("spam", f.spam);
  if (f.limit && f.limit !== PAGE_SIZES[0]) params.set("limit", String(f.limit));
  if (f.page && f.page > 1) params.set("page", String(f.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/** `path?query`, or `path` when there is no query. */
export function withQuery(path: string, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The export link for exactly the filtered set (every page, not just the visible one). */
export function exportHref(formId: string, filters: ResponseFilters, includeMetadata: boolean) {
  const params = toSearchParams({ ...filters, page: undefined, limit: undefined }, includeMetadata ? { includeMetadata: "1" } : {});
  return withQuery(`/api/forms/${encodeURIComponent(formId)}/responses/export`, params);
}

/** Questions that get a column: those a respondent answers, in the form's order. */
export const answerColumns = (schema: Pick<FormSchema, "questions"> | null) =>
  (schema?.questions ?? []).filter((q) => q.type !== "statement" && q.type !== "hidden");

/** Hidden questions carry metadata from the public link (`/s/slug?ref=…`). */
export const metadataKeysOf = (schema: Pick<FormSchema, "questions"> | null) =>
  (schema?.questions ?? []).filter((q) => q.type === "hidden").map((q) => q.key);

/** What the ending and score filters offer: the form's endings (the default one is always there) and whether it has scores. */
export const outcomeFiltersOf = (schema: Pick<FormSchema, "questions" | "endings"> | null) => ({
  endings: (schema?.endings ?? []).map((e) => ({ key: e.key, title: e.title })),
  scored: (schema?.questions ?? []).some((q) => "scores" in q && q.scores !== undefined),
});

/** An answer as text, the way the table, the detail panel and the CSV show it. */
export function formatAnswer(value: AnswerValue | FileObject | FileObject[] | null | undefined, question?: Pick<Question, "type">): string {
  if (value === undefined || value === null || value === "") return "";
  // Files (owners' response objects): their names.
  if (isFileObject(value)) return value.name;
  if (Array.isArray(value)) return value.map((v) => (isFileObject(v) ? v.name : String(v))).join(", ");
  if (typeof value === "boolean" || question?.type === "yes-no") return value === true || value === "true" ? "Yes" : "No";
  // A matrix: "row: column" per answered row (a ranking is a list: first = rank 1).
  if (typeof value === "object") return Object.entries(value).map(([row, picks]) => `${row}: ${[picks].flat().join(", ")}`).join("; ");
  return String(value);
}

/** A file answer as owners read it (lib/files/answers.ts). */
export interface FileObject {
  id: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
}
export const isFileObject = (v: unknown): v is FileObject =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as FileObject).url === "string" && typeof (v as FileObject).name === "string" && typeof (v as FileObject).size === "number";

export const questionLabel = (q: Pick<Question, "key" | "title">) => q.title?.trim() || q.key;

/** A long value cut for a table cell (the full text is in the detail panel). */
export function truncate(text: string, max = 80) {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
