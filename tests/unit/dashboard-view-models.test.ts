/**
 * The dashboard's view models: page-URL filters (which are also the API's and
 * the export's query) and the table's cells.
 */
import { describe, expect, it } from "vitest";
import { parseQuery } from "@/lib/http/query";
import { exportResponsesQuerySchema } from "@/lib/responses/export";
import { SEARCH_MAX as API_SEARCH_MAX } from "@/lib/responses/filters";
import { listResponsesQuerySchema, RESPONSES_PAGE_MAX } from "@/lib/responses/list";
import {
  answerColumns,
  exportHref,
  formatAnswer,
  hasFilters,
  metadataKeysOf,
  PAGE_SIZES,
  readResponseFilters,
  readResponsePageQuery,
  SEARCH_MAX,
  toSearchParams,
  truncate,
} from "@/lib/responses/view-model";
import type { Question } from "@/lib/schema/form-schema";

const questions: Question[] = [
  { key: "intro", type: "statement", title: "Welcome" },
  { key: "rating", type: "rating", title: "How was it?", scaleMin: 1, scaleMax: 5 },
  { key: "food", type: "single-choice", title: "Food?", options: ["Pizza", "Sushi", "Salad"] },
  { key: "ref", type: "hidden" },
  { key: "comment", type: "long-text", title: "Anything else?" },
];

describe("response filters in the page URL", () => {
  it("uses the API's limits", () => {
    expect(SEARCH_MAX).toBe(API_SEARCH_MAX);
    expect(Math.max(...PAGE_SIZES)).toBe(RESPONSES_PAGE_MAX);
    expect(listResponsesQuerySchema.parse({}).limit).toBe(PAGE_SIZES[0]);
  });

  it("reads dates, search, known metadata keys, page and page size", () => {
    const { query, problems } = readResponsePageQuery(
      { from: "2026-01-01", to: "2026-01-31", search: "  pizza ", "metadata[ref]": "a", "metadata[other]": "x", limit: "50", page: "3" },
      ["ref"],
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({ from: "2026-01-01", to: "2026-01-31", search: "pizza", metadata: { ref: "a" }, limit: 50, page: 3 });
  });

  it("drops bad values with a reason instead of failing the page", () => {
    const bad = readResponsePageQuery({ from: "2026-02-30", to: "yesterday", limit: "30", page: "0" }, []);
    expect(bad.query).toEqual({ metadata: {}, limit: 20, page: 1 });
    expect(bad.problems.map((p) => p.field)).toEqual(["from", "to"]);

    const reversed = readResponseFilters({ from: "2026-03-02", to: "2026-03-01" }, []);
    expect(reversed.filters).toEqual({ metadata: {} });
    expect(reversed.problems).toEqual([{ field: "to", message: expect.stringContaining("before the start date") }]);
  });

  it("ignores empty values and takes the first of repeated ones", () => {
    const { filters } = readResponseFilters({ from: "", search: "   ", "metadata[ref]": ["b", "c"] }, ["ref"]);
    expect(filters).toEqual({ metadata: { ref: "b" } });
  });

  it("writes only what is set, and reads back what it wrote", () => {
    const filters = { from: "2026-01-01", search: "a&b=c", metadata: { ref: "x y" } };
    const params = toSearchParams({ ...filters, page: 2, limit: 50 });
    expect(params.toString()).toBe("from=2026-01-01&search=a%26b%3Dc&metadata%5Bref%5D=x+y&limit=50&page=2");
    expect(toSearchParams({ metadata: {}, page: 1, limit: 20 }).toString()).toBe("");
    const back = readResponsePageQuery(Object.fromEntries(params), ["ref"]);
    expect(back.query).toEqual({ ...filters, page: 2, limit: 50 });
  });

  it("keeps the suspected-spam view in the URL, the list's query and the export link; it is not a filter", () => {
    const { query, problems } = readResponsePageQuery({ spam: "only", page: "2" }, []);
    expect(problems).toEqual([]);
    expect(query).toEqual({ metadata: {}, spam: "only", limit: 20, page: 2 });
    expect(hasFilters(query)).toBe(false);
    const params = toSearchParams(query);
    expect(params.toString()).toBe("spam=only&page=2");
    expect(listResponsesQuerySchema.parse(parseQuery(params))).toMatchObject({ spam: "only", page: 2 });
    const exportQuery = new URL(exportHref("f", { metadata: {}, spam: "only" }, false), "http://x").searchParams;
    expect(exportResponsesQuerySchema.parse(parseQuery(exportQuery)).spam).toBe("only");
    // The default (exclude) is left out of URLs; anything else is dropped with a reason.
    expect(toSearchParams({ metadata: {}, spam: "exclude" }).toString()).toBe("");
    expect(readResponseFilters({ spam: "exclude" }, []).filters).toEqual({ metadata: {} });
    const bad = readResponseFilters({ spam: "maybe" }, []);
    expect([bad.filters, bad.problems.map((p) => p.field)]).toEqual([{ metadata: {} }, ["spam"]]);
  });

  it("builds queries the API accepts: the list's and the export's (every page, with metadata when asked)", () => {
    const filters = { from: "2026-01-01", to: "2026-01-02", search: "sushi", metadata: { ref: "a" } };
    const list = listResponsesQuerySchema.parse(parseQuery(toSearchParams({ ...filters, page: 2, limit: 50 })));
    expect(list).toMatchObject({ ...filters, page: 2, limit: 50 });

    const href = exportHref("form 1", filters, true);
    expect(href.startsWith("/api/forms/form%201/responses/export?")).toBe(true);
    const exportQuery = new URL(href, "http://x").searchParams;
    expect(exportQuery.has("page")).toBe(false);
    expect(exportQuery.has("limit")).toBe(false);
    expect(exportResponsesQuerySchema.parse(parseQuery(exportQuery))).toEqual({ ...filters, includeMetadata: "1", spam: "exclude" });
    expect(exportHref("f", { metadata: {} }, false)).toBe("/api/forms/f/responses/export");
  });
});

describe("table columns and cells", () => {
  it("has a column per answerable question in form order; hidden questions are metadata", () => {
    expect(answerColumns({ questions }).map((q) => q.key)).toEqual(["rating", "food", "comment"]);
    expect(metadataKeysOf({ questions })).toEqual(["ref"]);
    expect(answerColumns(null)).toEqual([]);
  });

  it("shows answers as text and cuts long ones", () => {
    expect(formatAnswer(["Pizza", "Sushi"])).toBe("Pizza, Sushi");
    expect(formatAnswer(true)).toBe("Yes");
    expect(formatAnswer(false, { type: "yes-no" })).toBe("No");
    expect(formatAnswer(0)).toBe("0");
    expect(formatAnswer({ Speed: "Good", Days: ["Mon", "Tue"] })).toBe("Speed: Good; Days: Mon, Tue");
    expect(formatAnswer(undefined)).toBe("");
    expect(truncate("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
    expect(truncate("short", 10)).toBe("short");
  });
});
