/**
 * The logic additions to the form schema (showIf, jump, endings, scores):
 * what a draft save refuses, each with the path of the offending part.
 */
import { describe, expect, it } from "vitest";
import { formSchemaSchema } from "@/lib/schema/form-schema";

const issuesOf = (input: unknown) => {
  const result = formSchemaSchema.safeParse(input);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  return result.error.issues.map((i) => [i.path.join("."), i.message] as const);
};
const paths = (input: unknown) => issuesOf(input).map(([p]) => p);
const form = (questions: unknown[], extra: Record<string, unknown> = {}) => ({ title: "T", questions, ...extra });

const color = { key: "color", type: "single-choice", title: "Color", options: ["Red", "Blue"] };
const age = { key: "age", type: "number", title: "Age" };
const tags = { key: "tags", type: "multiple-choice", title: "Tags", options: ["a", "b"] };
const ref = { key: "ref", type: "hidden" };
const text = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: "short-text", title: key, ...extra });

describe("valid logic is kept", () => {
  it("accepts conditions, jumps, endings and scores that fit their form", () => {
    const input = form(
      [
        ref,
        { ...color, scores: { Red: 1, Blue: 2 } },
        { ...age, showIf: { all: [{ question: "color", op: "in", value: ["Red"] }, { question: "ref", op: "contains", value: "ad" }] } },
        { ...tags, jump: [{ if: { any: [{ question: "tags", op: "contains", value: "a" }, { score: true, op: "gte", value: 2 }] }, to: "vip" }, { if: { not: { question: "age", op: "gt", value: 17 } }, to: "last" }] },
        { key: "ok", type: "yes-no", title: "OK", scores: { yes: 1 }, jump: [{ if: { question: "ok", op: "equals", value: false }, to: "end" }] },
        { key: "stars", type: "rating", title: "Stars", scores: { "5": 3 } },
        text("last"),
      ],
      { endings: [{ key: "vip", title: "Welcome", message: "Hi {{ref}}", redirectUrl: "https://example.com/vip" }] },
    );
    const result = formSchemaSchema.safeParse(input);
    expect(result.success ? "ok" : result.error.issues).toBe("ok");
    expect(result.data!.endings).toEqual((input as unknown as { endings: unknown }).endings);
    expect((result.data!.questions[3] as { jump: unknown }).jump).toEqual((input.questions[3] as { jump: unknown }).jump);
  });
});

describe("refused rules, with the path of the offending part", () => {
  it("a key that does not exist or is not earlier", () => {
    expect(paths(form([text("a", { showIf: { question: "nope", op: "answered" } })]))).toEqual(["questions.0.showIf.question"]);
    expect(paths(form([text("a", { showIf: { question: "b", op: "answered" } }), text("b")]))).toEqual(["questions.0.showIf.question"]);
    // showIf may not read its own question; a jump may.
    expect(paths(form([text("a", { showIf: { question: "a", op: "answered" } })]))).toEqual(["questions.0.showIf.question"]);
    expect(formSchemaSchema.safeParse(form([text("a", { jump: [{ if: { question: "a", op: "answered" }, to: "end" }] })])).success).toBe(true);
  });
  it("an operator that does not fit the type (from the registry)", () => {
    const issues = issuesOf(form([color, text("b", { showIf: { question: "color", op: "gt", value: "Red" } })]));
    expect(issues).toEqual([["questions.1.showIf.op", '"gt" does not apply to a single-choice question; use one of: answered, notAnswered, equals, notEquals, in, notIn']]);
    expect(paths(form([tags, text("b", { showIf: { question: "tags", op: "equals", value: "a" } })]))).toEqual(["questions.1.showIf.op"]);
    expect(paths(form([{ key: "s", type: "statement", title: "S" }, text("b", { showIf: { question: "s", op: "answered" } })]))).toEqual(["questions.1.showIf.op"]);
  });
  it("a value of the wrong type or not among the options, deep in all/any/not", () => {
    const rule = { all: [{ question: "color", op: "equals", value: "Red" }, { question: "color", op: "equals", value: "Green" }] };
    expect(paths(form([color, text("b"), text("c"), { ...age, jump: [{ if: rule, to: "end" }] }]))).toEqual(["questions.3.jump.0.if.all.1.value"]);
    expect(paths(form([age, text("b", { showIf: { any: [{ not: { question: "age", op: "gt", value: "ten" } }] } })]))).toEqual(["questions.1.showIf.any.0.not.value"]);
    expect(paths(form([color, text("b", { showIf: { question: "color", op: "in", value: ["Red", "Pink"] } })]))).toEqual(["questions.1.showIf.value.1"]);
    expect(paths(form([color, text("b", { showIf: { question: "color", op: "in", value: "Red" } })]))).toEqual(["questions.1.showIf.value"]);
    expect(paths(form([tags, text("b", { showIf: { question: "tags", op: "contains", value: "z" } })]))).toEqual(["questions.1.showIf.value"]);
    expect(paths(form([age, text("b", { showIf: { question: "age", op: "answered", value: 1 } })]))).toEqual(["questions.1.showIf.value"]);
    expect(paths(form([age, text("b", { showIf: { question: "age", op: "equals" } })]))).toEqual(["questions.1.showIf.value"]);
    expect(paths(form([{ key: "ok", type: "yes-no", title: "OK" }, text("b", { showIf: { question: "ok", op: "equals", value: "yes" } })]))).toEqual(["questions.1.showIf.value"]);
  });
  it("a jump target that is not later, not an ending and not \"end\"", () => {
    expect(paths(form([text("a"), text("b", { jump: [{ if: { question: "a", op: "answered" }, to: "a" }] })]))).toEqual(["questions.1.jump.0.to"]);
    expect(paths(form([text("a", { jump: [{ if: { question: "a", op: "answered" }, to: "a" }] })]))).toEqual(["questions.0.jump.0.to"]);
    expect(paths(form([text("a", { jump: [{ if: { question: "a", op: "answered" }, to: "nowhere" }] })]))).toEqual(["questions.0.jump.0.to"]);
    expect(paths(form([text("a", { jump: [{ if: { question: "a", op: "answered" }, to: "ref" }] }), ref]))).toEqual(["questions.0.jump.0.to"]);
  });
  it("malformed conditions, unknown fields and the score leaf's value", () => {
    expect(paths(form([text("a"), text("b", { showIf: { question: "a", op: "answered", extra: 1 } })]))).toEqual(["questions.1.showIf"]);
    expect(paths(form([text("a"), text("b", { showIf: { question: "a", op: "like" } })]))).toEqual(["questions.1.showIf"]);
    expect(paths(form([text("b", { showIf: { score: true, op: "gt", value: "10" } })]))).toEqual(["questions.0.showIf"]);
    // An empty `all` always holds (the "Always" jump); an empty `any` could never hold.
    expect(formSchemaSchema.safeParse(form([text("a", { jump: [{ if: { all: [] }, to: "c" }] }), text("b"), text("c")])).success).toBe(true);
    expect(paths(form([text("a", { jump: [{ if: { any: [] }, to: "c" }] }), text("b"), text("c")]))).toEqual(["questions.0.jump.0.if.any"]);
  });
  it("conditions nested too deep are refused before zod walks them", () => {
    let deep: unknown = { question: "a", op: "answered" };
    for (let i = 0; i < 5000; i++) deep = { not: deep };
    expect(issuesOf(form([text("a"), text("b", { showIf: deep })]))).toEqual([["questions.1.showIf", "Conditions may nest at most 8 levels"]]);
  });
  it("endings: unique keys, distinct from question keys and \"end\", http(s) redirects only", () => {
    const endings = [{ key: "a", title: "A" }, { key: "x", title: "X" }, { key: "X", title: "X again" }, { key: "end", title: "E" }];
    expect(paths(form([text("a")], { endings }))).toEqual(["endings.0.key", "endings.2.key", "endings.3.key"]);
    expect(paths(form([text("a")], { endings: [{ key: "e", title: "E", redirectUrl: "javascript:alert(1)" }] }))).toEqual(["endings.0.redirectUrl"]);
    expect(paths(form([text("a")], { endings: [{ key: "e", title: "" }] }))).toEqual(["endings.0.title"]);
  });
  it("scores: keys must be possible answers; only on choice, yes-no and rating-like types", () => {
    expect(paths(form([{ ...color, scores: { Red: 1, Green: 2 } }]))).toEqual(["questions.0.scores.Green"]);
    expect(paths(form([{ key: "ok", type: "yes-no", title: "OK", scores: { true: 1 } }]))).toEqual(["questions.0.scores.true"]);
    expect(paths(form([{ key: "r", type: "rating", title: "R", scaleMax: 5, scores: { "6": 1 } }]))).toEqual(["questions.0.scores.6"]);
    expect(paths(form([{ key: "n", type: "nps", title: "N", scores: { "10": 2, "11": 1 } }]))).toEqual(["questions.0.scores.11"]);
    expect(paths(form([{ key: "o", type: "opinion-scale", title: "O", scaleMin: 1, scaleMax: 5, scores: { "0": 1 } }]))).toEqual(["questions.0.scores.0"]);
    expect(paths(form([text("a", { scores: { x: 1 } })]))).toEqual(["questions.0"]);
    expect(paths(form([{ ...color, scores: { Red: "1" } }]))).toEqual(["questions.0.scores.Red"]);
  });
  it('"score" and "ending" are reserved question keys in a form with logic', () => {
    expect(paths(form([{ ...color, key: "score", scores: { Red: 1 } }]))).toEqual(["questions.0.key"]);
    expect(formSchemaSchema.safeParse(form([{ ...color, key: "score" }])).success).toBe(true);
  });
});
