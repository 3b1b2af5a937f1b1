import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formSchemaSchema, isAnswerable, questionSchema, questionTypes, type Question } from "@/lib/schema/form-schema";

/** The issue paths and messages of a failed parse (fails the test when the parse succeeds). */
function issuesOf(input: unknown, schema: z.ZodType = formSchemaSchema) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  return result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}
const form = (questions: unknown[], extra: Record<string, unknown> = {}) => ({ title: "T", questions, ...extra });
const q = (fields: Record<string, unknown>) => ({ key: "q1", title: "A question", ...fields });

/** One valid question of every type. */
const validQuestions: Record<(typeof questionTypes)[number], Record<string, unknown>> = {
  "short-text": { type: "short-text", placeholder: "Name", maxLength: 80 },
  "long-text": { type: "long-text", placeholder: "Tell us", maxLength: 5000 },
  email: { type: "email" },
  number: { type: "number", min: 0, max: 10 },
  url: { type: "url" },
  phone: { type: "phone" },
  "single-choice": { type: "single-choice", options: ["A", "B"] },
  "multiple-choice": { type: "multiple-choice", options: ["A", "B", "C"], minSelections: 1, maxSelections: 2 },
  dropdown: { type: "dropdown", options: ["A"] },
  rating: { type: "rating", scaleMin: 1, scaleMax: 5 },
  nps: { type: "nps", minLabel: "No", maxLabel: "Yes" },
  "yes-no": { type: "yes-no", required: true },
  date: { type: "date", min: "2026-01-01", max: "2026-12-31" },
  statement: { type: "statement", description: "Read this" },
  hidden: { type: "hidden" },
  matrix: { type: "matrix", rows: ["Speed", "Price"], columns: ["Bad", "Good"], multiple: false },
  ranking: { type: "ranking", options: ["A", "B", "C"] },
  consent: { type: "consent", text: "I agree to the terms", required: true },
  time: { type: "time", min: "08:00", max: "18:30" },
  "opinion-scale": { type: "opinion-scale", scaleMin: 1, scaleMax: 7, minLabel: "Low", maxLabel: "High" },
  "file-upload": { type: "file-upload", maxFiles: 3, maxFileSizeMB: 5, accept: [".pdf", "image/*"] },
  signature: { type: "signature", required: true },
  "picture-choice": { type: "picture-choice", pictures: [{ label: "Cat", image: "01jbz6y8m2c4d6f8g0h2j4k6mb" }], multiple: true },
};

describe("formSchemaSchema: the form", () => {
  it("accepts one question of every type and defaults mode to classic", () => {
    const questions = questionTypes.map((type, i) => ({ key: `k${i}`, title: `Q${i}`, ...validQuestions[type] }));
    const parsed = formSchemaSchema.parse(form(questions));
    expect(parsed.mode).toBe("classic");
    expect(parsed.questions.map((x) => x.type)).toEqual([...questionTypes]);
  });

  it("accepts an empty draft and both modes, and rejects other modes", () => {
    expect(formSchemaSchema.parse(form([], { mode: "immersive" })).mode).toBe("immersive");
    expect(formSchemaSchema.parse(form([], { mode: "classic" })).mode).toBe("classic");
    expect(issuesOf(form([], { mode: "wizard" }))[0].path).toBe("mode");
  });

  it("needs a title of 1 to 120 characters (trimmed)", () => {
    expect(issuesOf({ questions: [] })[0].path).toBe("title");
    expect(issuesOf(form([], { title: "   " }))[0].path).toBe("title");
    expect(issuesOf(form([], { title: "x".repeat(121) }))[0].path).toBe("title");
    expect(formSchemaSchema.parse(form([], { title: `  ${"x".repeat(120)}  ` })).title).toHaveLength(120);
  });

  it("accepts version as a positive integer only", () => {
    expect(formSchemaSchema.parse(form([], { version: 3 })).version).toBe(3);
    for (const version of [0, -1, 1.5, "2"]) expect(issuesOf(form([], { version }))[0].path).toBe("version");
  });

  it("rejects unknown fields on the form and on questions", () => {
    expect(issuesOf(form([], { skin: "dark" }))[0].message).toMatch(/skin/);
    expect(issuesOf(form([q({ type: "email", options: ["x"] })]))[0].message).toMatch(/options/);
  });

  it("rejects duplicate question keys, case-insensitively, naming the second", () => {
    const issues = issuesOf(form([q({ key: "name", type: "email" }), q({ key: "Name", type: "short-text" })]));
    expect(issues).toEqual([{ path: "questions.1.key", message: expect.stringMatching(/Duplicate question key "Name"/) }]);
  });

  it("caps the number of questions at 200", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, title: "Q", type: "yes-no" }));
    expect(formSchemaSchema.parse(form(many(200))).questions).toHaveLength(200);
    expect(issuesOf(form(many(201)))[0].path).toBe("questions");
  });
});

describe("questionSchema: rules for every question", () => {
  it("rejects an unknown type, naming the known ones", () => {
    const [issue] = issuesOf(q({ type: "video-call" }), questionSchema);
    expect(issue.path).toBe("type");
    expect(issue.message).toContain("short-text");
    expect(issuesOf(q({}), questionSchema)[0].path).toBe("type");
  });

  it.each(["", "1abc", "has space", "a.b", "x".repeat(65), "é"])("rejects the key %j", (key) => {
    expect(issuesOf(q({ key, type: "email" }), questionSchema)[0].path).toBe("key");
  });

  it.each(["a", "Q1", "first_name", "first-name", "x".repeat(64)])("accepts the key %j", (key) => {
    expect(questionSchema.parse(q({ key, type: "email" })).key).toBe(key);
  });

  it("needs a non-blank title of at most 500 characters on visible questions", () => {
    expect(issuesOf({ key: "a", type: "email" }, questionSchema)[0].path).toBe("title");
    expect(issuesOf(q({ type: "email", title: "  " }), questionSchema)[0].path).toBe("title");
    expect(issuesOf(q({ type: "email", title: "x".repeat(501) }), questionSchema)[0].path).toBe("title");
  });

  it("takes required as a boolean only", () => {
    expect(issuesOf(q({ type: "email", required: "yes" }), questionSchema)[0].path).toBe("required");
  });
});

describe("questionSchema: per-type rules", () => {
  it.each(["single-choice", "multiple-choice", "dropdown"])("%s needs 1 to 100 unique, non-empty options", (type) => {
    expect(issuesOf(q({ type }), questionSchema)[0].path).toBe("options");
    expect(issuesOf(q({ type, options: [] }), questionSchema)[0].message).toBe("Add at least one option");
    expect(issuesOf(q({ type, options: ["A", " "] }), questionSchema)[0].path).toBe("options.1");
    expect(issuesOf(q({ type, options: ["A", "A"] }), questionSchema)[0].message).toBe("Options must be unique");
    expect(issuesOf(q({ type, options: Array.from({ length: 101 }, (_, i) => `o${i}`) }), questionSchema)[0].path).toBe("options");
    expect(questionSchema.parse(q({ type, options: [" A "] }))).toMatchObject({ options: ["A"] });
  });

  it("multiple-choice: selection bounds fit the options and each other", () => {
    const mc = (extra: Record<string, unknown>) => q({ type: "multiple-choice", options: ["A", "B", "C"], ...extra });
    expect(issuesOf(mc({ maxSelections: 4 }), questionSchema)[0]).toMatchObject({ path: "maxSelections" });
    expect(issuesOf(mc({ minSelections: 4 }), questionSchema)[0]).toMatchObject({ path: "minSelections" });
    expect(issuesOf(mc({ minSelections: 3, maxSelections: 2 }), questionSchema)[0]).toMatchObject({ path: "minSelections" });
    expect(issuesOf(mc({ maxSelections: 0 }), questionSchema)[0]).toMatchObject({ path: "maxSelections" });
    expect(issuesOf(mc({ minSelections: -1 }), questionSchema)[0]).toMatchObject({ path: "minSelections" });
    expect(questionSchema.parse(mc({ minSelections: 3, maxSelections: 3 }))).toMatchObject({ minSelections: 3, maxSelections: 3 });
  });

  it("rating: integer scale, scaleMin 0 or 1 below scaleMax 2..10, defaulting to 1..5", () => {
    expect(questionSchema.parse(q({ type: "rating" }))).toMatchObject({ scaleMin: 1, scaleMax: 5 });
    expect(questionSchema.parse(q({ type: "rating", scaleMin: 0, scaleMax: 10 }))).toMatchObject({ scaleMin: 0, scaleMax: 10 });
    expect(issuesOf(q({ type: "rating", scaleMin: 1, scaleMax: 1 }), questionSchema)[0].path).toBe("scaleMax");
    expect(issuesOf(q({ type: "rating", scaleMin: 5, scaleMax: 3 }), questionSchema).map((i) => i.path)).toContain("scaleMin");
    expect(issuesOf(q({ type: "rating", scaleMax: 11 }), questionSchema)[0].path).toBe("scaleMax");
    expect(issuesOf(q({ type: "rating", scaleMax: 4.5 }), questionSchema)[0].path).toBe("scaleMax");
    expect(issuesOf(q({ type: "rating", style: "hearts" }), questionSchema)[0].path).toBe("style");
  });

  it("nps has a fixed 0..10 scale: no scaleMin/scaleMax", () => {
    expect(issuesOf(q({ type: "nps", scaleMax: 5 }), questionSchema)[0].message).toMatch(/scaleMax/);
  });

  it("number: min must not exceed max", () => {
    expect(issuesOf(q({ type: "number", min: 5, max: 1 }), questionSchema)[0].path).toBe("max");
    expect(questionSchema.parse(q({ type: "number", min: 2, max: 2 }))).toMatchObject({ min: 2, max: 2 });
    expect(issuesOf(q({ type: "number", min: "1" }), questionSchema)[0].path).toBe("min");
  });

  it("date: min and max are YYYY-MM-DD, min not after max", () => {
    expect(issuesOf(q({ type: "date", min: "2026-02-01", max: "2026-01-01" }), questionSchema)[0].path).toBe("max");
    expect(issuesOf(q({ type: "date", min: "01/02/2026" }), questionSchema)[0].path).toBe("min");
    expect(issuesOf(q({ type: "date", max: "2026-02-30" }), questionSchema)[0].path).toBe("max");
  });

  it("text types: placeholder and maxLength bounds", () => {
    expect(issuesOf(q({ type: "short-text", maxLength: 1001 }), questionSchema)[0].path).toBe("maxLength");
    expect(issuesOf(q({ type: "short-text", maxLength: 0 }), questionSchema)[0].path).toBe("maxLength");
    expect(issuesOf(q({ type: "long-text", maxLength: 10001 }), questionSchema)[0].path).toBe("maxLength");
    expect(issuesOf(q({ type: "long-text", placeholder: "x".repeat(201) }), questionSchema)[0].path).toBe("placeholder");
    expect(issuesOf(q({ type: "email", maxLength: 10 }), questionSchema)[0].message).toMatch(/maxLength/);
  });

  it("statement takes no answer, so it cannot be required", () => {
    expect(issuesOf(q({ type: "statement", required: true }), questionSchema)[0].path).toBe("required");
    expect(questionSchema.parse(q({ type: "statement", required: false }))).toMatchObject({ required: false });
  });

  it("hidden has no required, placeholder or options and needs no title", () => {
    expect(questionSchema.parse({ key: "source", type: "hidden" })).toEqual({ key: "source", type: "hidden" });
    expect(issuesOf({ key: "source", type: "hidden", required: true }, questionSchema)[0].message).toMatch(/required/);
    expect(issuesOf({ key: "source", type: "hidden", placeholder: "x" }, questionSchema)[0].message).toMatch(/placeholder/);
  });

  it("isAnswerable leaves out statements and hidden questions only", () => {
    const types = questionTypes.filter((type) => isAnswerable({ type } as Question));
    expect(types).toEqual(questionTypes.filter((t) => t !== "statement" && t !== "hidden"));
  });
});
