import { describe, expect, it } from "vitest";
import { slugify } from "@/lib/forms/forms";
import { SLUG_MAX, slugSchema } from "@/lib/forms/settings";

describe("slugify (the slug publish assigns from the title)", () => {
  it.each([
    ["Team Lunch!", "team-lunch"],
    ["  Café — Crème brûlée  ", "cafe-creme-brulee"],
    ["Q3 2026: NPS / Survey", "q3-2026-nps-survey"],
    ["---", "form"],
    ["日本語のフォーム", "form"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("leaves room for a random suffix and never ends with a dash", () => {
    const slug = slugify(`${"a".repeat(56)} b`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX - 7);
    expect(slug.endsWith("-")).toBe(false);
    expect(slugify("x".repeat(200))).toHaveLength(SLUG_MAX - 7);
  });

  it("always yields a valid slug", () => {
    for (const title of ["Team Lunch!", "Ünïcödé", "!!!", "a".repeat(120), "Mixed_Case and_underscores"]) {
      expect(slugSchema.safeParse(slugify(title)).success, title).toBe(true);
    }
  });
});
