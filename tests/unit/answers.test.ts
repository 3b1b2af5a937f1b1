/**
 * lib/schema/answers.ts on its own (zod/mini; this file never loads classic
 * zod): the messages and issue paths the respondent page shows and the API's
 * 400 details carry. zod's own English messages must be there too, whichever
 * zod a process loaded first.
 */
import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/catalogs";
import { answersSchema, splitMetadata } from "@/lib/schema/answers";
import type { Question } from "@/lib/schema/form-schema";

const questions = [
  { key: "name", type: "short-text", title: "Name", required: true, maxLength: 5 },
  { key: "mail", type: "email", title: "Email" },
  { key: "site", type: "url", title: "Site" },
  { key: "tel", type: "phone", title: "Phone" },
  { key: "age", type: "number", title: "Age", min: 18, max: 99 },
  { key: "color", type: "single-choice", title: "Color", options: ["red", "blue"] },
  { key: "tags", type: "multiple-choice", title: "Tags", options: ["a", "b", "c"], minSelections: 2 },
  { key: "stars", type: "rating", title: "Stars", scaleMin: 1, scaleMax: 5, required: true },
  { key: "nps", type: "nps", title: "NPS" },
  { key: "ok", type: "yes-no", title: "OK?" },
  { key: "day", type: "date", title: "Day", min: "2024-01-01" },
  { key: "intro", type: "statement", title: "Hello" },
  { key: "ref", type: "hidden", title: "ref", required: true },
] as Question[];

const t = translatorFor("en");
const full = answersSchema({ questions }, { t });
const partial = answersSchema({ questions }, { partial: true, t });
const base = { name: "Ann", stars: 4 };

/** path → message of a failed parse (fails the test when the parse succeeds). */
function issuesOf(input: unknown, schema = full) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  return result.error.issues.map((i) => [i.path.join("."), i.message]);
}

describe("answersSchema", () => {
  it("says required for a missing, empty or whitespace-only required answer, and nothing when partial", () => {
    for (const name of [undefined, "", "   ", null, "\u200b", "\ufeff", "\u00a0\u3000", " \u200b\u2060\u200d\n"]) {
      expect(issuesOf({ name, stars: 4 })).toEqual([["name", "This question is required"]]);
    }
    expect(issuesOf({})).toEqual([["name", "This question is required"], ["stars", "This question is required"]]);
    expect(partial.safeParse({}).success).toBe(true);
  });

  it("gives each type's own message", () => {
    expect(issuesOf({ ...base, name: "abcdef" })).toEqual([["name", "At most 5 characters"]]);
    expect(issuesOf({ ...base, mail: "nope" })).toEqual([["mail", "Enter a valid email address"]]);
    expect(issuesOf({ ...base, site: "ftp://example.com" })).toEqual([["site", "Enter a full web address, like https://example.com"]]);
    expect(issuesOf({ ...base, tel: "call me" })).toEqual([["tel", "Enter a valid phone number"]]);
    expect(issuesOf({ ...base, age: "20" })).toEqual([["age", "Enter a number"]]);
    expect(issuesOf({ ...base, age: 17 })).toEqual([["age", "Enter 18 or more"]]);
    expect(issuesOf({ ...base, age: 100 })).toEqual([["age", "Enter 99 or less"]]);
    expect(issuesOf({ ...base, color: "green" })).toEqual([["color", "Pick one of the options"]]);
    expect(issuesOf({ ...base, tags: ["a", "z"] })).toEqual([["tags.1", "Pick from the options"]]);
    expect(issuesOf({ ...base, tags: ["a", "a"] })).toEqual([["tags", "Each option can be picked once"]]);
    expect(issuesOf({ ...base, tags: ["a"] })).toEqual([["tags", "Pick at least 2"]]);
    expect(issuesOf({ ...base, stars: 2.5 })).toEqual([["stars", "Pick a whole number"]]);
    expect(issuesOf({ ...base, stars: 6 })).toEqual([["stars", "Pick 1 to 5"]]);
    expect(issuesOf({ ...base, nps: 11 })).toEqual([["nps", "Pick 0 to 10"]]);
    expect(issuesOf({ ...base, ok: "yes" })).toEqual([["ok", "Answer yes or no"]]);
    // Every failed check is reported; the page and the API show the first one per question.
    expect(issuesOf({ ...base, day: "01/02/2024" })).toEqual([["day", "Enter a date as YYYY-MM-DD"], ["day", "Pick 2024-01-01 or later"]]);
    expect(issuesOf({ ...base, day: "2023-12-31" })).toEqual([["day", "Pick 2024-01-01 or later"]]);
    expect(issuesOf({ ...base, ref: "x".repeat(501) })).toEqual([["ref", "At most 500 characters"]]);
  });

  it("keeps zod's English messages where the schema sets none (a wrong JSON type, from the API)", () => {
    expect(issuesOf({ ...base, name: 5 })).toEqual([["name", "Invalid input: expected string, received number"]]);
    expect(issuesOf({ ...base, tags: "a" })).toEqual([["tags", "Invalid input: expected array, received string"]]);
  });

  it("rejects unknown keys (statements take no answer) with one unrecognized_keys issue", () => {
    const result = full.safeParse({ ...base, intro: "hi", extra: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => ({ code: i.code, keys: "keys" in i ? i.keys : undefined }))).toEqual([
      { code: "unrecognized_keys", keys: ["intro", "extra"] },
    ]);
  });

  it("trims text, drops empty answers and keeps the rest as given", () => {
    const result = full.safeParse({ name: "  Ann  ", stars: 4, mail: "", tags: [], ok: false, ref: "news" });
    expect(result).toEqual({ success: true, data: { name: "Ann", stars: 4, ok: false, ref: "news" } });
  });
});

describe("splitMetadata", () => {
  it("moves hidden questions' values into metadata", () => {
    expect(splitMetadata({ questions }, { name: "Ann", ref: "news" })).toEqual({ answers: { name: "Ann" }, metadata: { ref: "news" } });
  });
});
