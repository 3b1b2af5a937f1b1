/**
 * The logic engine (lib/logic): every operator on every type the registry
 * lists it for, all/any/not, jumps, endings, score and recall. Conditions are
 * observed through computePath (a probe question whose showIf is the
 * condition), the way the page and the server use the engine.
 */
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { computePath, recall, type Condition, type LogicForm } from "@/lib/logic";
import { questionTypeSpecs, questionTypes, type LogicOperator, type QuestionType } from "@/lib/question-types";

type Pair = [holds: unknown, fails: unknown];
/** Per type: a question, an answer to it, and for each positive operator a value that holds and one that does not. */
const cases: Record<QuestionType, { q: Record<string, unknown>; answer?: unknown; ops: Partial<Record<LogicOperator, Pair>> }> = {
  "short-text": { q: {}, answer: "Hello World", ops: { equals: ["Hello World", "Hello"], contains: ["WORLD", "moon"] } },
  "long-text": { q: {}, answer: "Line one\nline two", ops: { equals: ["Line one\nline two", "Line one"], contains: ["LINE TWO", "three"] } },
  email: { q: {}, answer: "ada@example.com", ops: { equals: ["ada@example.com", "bob@example.com"], contains: ["@EXAMPLE", "gmail"] } },
  url: { q: {}, answer: "https://example.com/a", ops: { equals: ["https://example.com/a", "https://example.com"], contains: ["Example.com", "other.org"] } },
  phone: { q: {}, answer: "+44 20 7946", ops: { equals: ["+44 20 7946", "+44"], contains: ["+44", "+33"] } },
  number: { q: {}, answer: 5, ops: { equals: [5, 6], gt: [4, 5], gte: [5, 6], lt: [6, 5], lte: [5, 4] } },
  "single-choice": { q: { options: ["A", "B"] }, answer: "B", ops: { equals: ["B", "A"], in: [["A", "B"], ["A"]] } },
  "multiple-choice": { q: { options: ["A", "B", "C"] }, answer: ["A", "C"], ops: { contains: ["C", "B"] } },
  dropdown: { q: { options: ["X", "Y"] }, answer: "Y", ops: { equals: ["Y", "X"], in: [["Y"], ["X"]] } },
  rating: { q: { scaleMin: 1, scaleMax: 5 }, answer: 4, ops: { equals: [4, 3], gt: [3, 4], gte: [4, 5], lt: [5, 4], lte: [4, 3] } },
  nps: { q: {}, answer: 9, ops: { equals: [9, 10], gt: [8, 9], gte: [9, 10], lt: [10, 9], lte: [9, 8] } },
  "yes-no": { q: {}, answer: true, ops: { equals: [true, false], in: [[true], [false]] } },
  date: { q: {}, answer: "2026-03-10", ops: { equals: ["2026-03-10", "2026-03-11"], gt: ["2026-03-09", "2026-03-10"], gte: ["2026-03-10", "2026-03-11"], lt: ["2026-03-11", "2026-03-10"], lte: ["2026-03-10", "2026-03-09"] } },
  statement: { q: {}, ops: {} },
  hidden: { q: {}, answer: "newsletter", ops: { equals: ["newsletter", "ads"], in: [["ads", "newsletter"], ["ads"]], contains: ["NEWS", "paper"] } },
  matrix: { q: { rows: ["Speed"], columns: ["Bad", "Good"] }, answer: { Speed: "Good" }, ops: {} },
  ranking: { q: { options: ["A", "B"] }, answer: ["B", "A"], ops: {} },
  consent: { q: { text: "I agree" }, answer: true, ops: {} },
  time: { q: {}, answer: "09:30", ops: { equals: ["09:30", "09:31"], gt: ["09:00", "09:30"], gte: ["09:30", "10:00"], lt: ["10:00", "09:30"], lte: ["09:30", "09:29"] } },
  "opinion-scale": { q: { scaleMin: 0, scaleMax: 10 }, answer: 3, ops: { equals: [3, 4], gt: [2, 3], gte: [3, 4], lt: [4, 3], lte: [3, 2] } },
  "file-upload": { q: {}, answer: ["01jbz6y8m2c4d6f8g0h2j4k6m8"], ops: {} },
  signature: { q: {}, answer: "01jbz6y8m2c4d6f8g0h2j4k6ma", ops: {} },
  "picture-choice": { q: { pictures: [{ label: "Cat", image: "01jbz6y8m2c4d6f8g0h2j4k6mb" }] }, answer: "Cat", ops: {} },
};
const negationOf: Partial<Record<LogicOperator, LogicOperator>> = { notEquals: "equals", notIn: "in", notContains: "contains" };

/** Whether `condition` (about question "a") holds for `answers`: is the probe on the path? */
function holdsFor(type: QuestionType, condition: Condition, answers: Record<string, unknown>) {
  const form: LogicForm = { questions: [{ key: "a", type, ...cases[type].q }, { key: "probe", type: "short-text", showIf: condition }] };
  return computePath(form, answers).onPath[1];
}

describe("every operator on every type the registry lists it for", () => {
  for (const type of questionTypes) {
    const { answer, ops } = cases[type];
    for (const op of questionTypeSpecs[type].operators) {
      it(`${type}: ${op}`, () => {
        const answered = { a: answer };
        if (op === "answered" || op === "notAnswered") {
          const when = op === "answered";
          expect(holdsFor(type, { question: "a", op }, answered)).toBe(when);
          expect(holdsFor(type, { question: "a", op }, {})).toBe(!when);
          // "" / [] are no answer.
          expect(holdsFor(type, { question: "a", op }, { a: Array.isArray(answer) ? [] : "" })).toBe(!when);
          return;
        }
        const positive = negationOf[op] ?? op;
        const pair = ops[positive];
        expect(pair, `a case for ${type} ${positive}`).toBeDefined();
        const [yes, no] = pair!;
        const negated = positive !== op;
        expect(holdsFor(type, { question: "a", op, value: yes as never }, answered)).toBe(!negated);
        expect(holdsFor(type, { question: "a", op, value: no as never }, answered)).toBe(negated);
        // Unanswered: a comparison does not hold, its negation does.
        expect(holdsFor(type, { question: "a", op, value: yes as never }, {})).toBe(negated);
      });
    }
    it(`${type}: the cases name only operators the registry lists`, () => {
      for (const op of Object.keys(ops)) expect(questionTypeSpecs[type].operators).toContain(op);
    });
  }
});

describe("all, any, not", () => {
  const form = (showIf: Condition): LogicForm => ({ questions: [{ key: "n", type: "number" }, { key: "t", type: "short-text" }, { key: "probe", type: "statement", showIf }] });
  const on = (c: Condition, answers: Record<string, unknown>) => computePath(form(c), answers).onPath[2];
  const big: Condition = { question: "n", op: "gt", value: 10 };
  const hi: Condition = { question: "t", op: "contains", value: "hi" };
  it("all holds when every part holds", () => {
    expect(on({ all: [big, hi] }, { n: 11, t: "hi" })).toBe(true);
    expect(on({ all: [big, hi] }, { n: 11, t: "yo" })).toBe(false);
    expect(on({ all: [big, hi] }, { n: 9, t: "hi" })).toBe(false);
  });
  it("an empty all always holds (the builder's \"Always\" jump)", () => {
    expect(on({ all: [] }, {})).toBe(true);
    expect(on({ not: { all: [] } }, {})).toBe(false);
  });
  it("any holds when one part holds", () => {
    expect(on({ any: [big, hi] }, { n: 1, t: "hi" })).toBe(true);
    expect(on({ any: [big, hi] }, { n: 11, t: "yo" })).toBe(true);
    expect(on({ any: [big, hi] }, { n: 1, t: "yo" })).toBe(false);
  });
  it("not inverts, and nests", () => {
    expect(on({ not: big }, { n: 11 })).toBe(false);
    expect(on({ not: big }, { n: 1 })).toBe(true);
    expect(on({ not: { any: [big, { all: [hi, { not: big }] }] } }, { n: 1, t: "hi" })).toBe(false);
    expect(on({ not: { any: [big, { all: [hi, { not: big }] }] } }, { n: 1, t: "yo" })).toBe(true);
  });
});

describe("paths: showIf and jumps", () => {
  const q = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: "short-text", ...extra });
  it("a question whose showIf reads an off-path answer sees no answer", () => {
    const form: LogicForm = {
      questions: [
        { key: "go", type: "yes-no" },
        q("why", { showIf: { question: "go", op: "equals", value: true } }),
        q("more", { showIf: { question: "why", op: "answered" } }),
      ],
    };
    // "why" answered but off the path: "more" must not show.
    expect(computePath(form, { go: false, why: "stale" }).onPath).toEqual([true, false, false]);
    expect(computePath(form, { go: true, why: "fresh" }).onPath).toEqual([true, true, true]);
  });
  it("the first matching jump wins; jumped-over questions are off; the target's own showIf still applies", () => {
    const form: LogicForm = {
      questions: [
        { key: "n", type: "number", jump: [{ if: { question: "n", op: "gt", value: 5 }, to: "d" }, { if: { question: "n", op: "gt", value: 1 }, to: "c" }] },
        q("b"),
        q("c"),
        q("d", { showIf: { question: "n", op: "lt", value: 100 } }),
        q("e"),
      ],
    };
    expect(computePath(form, { n: 9 }).onPath).toEqual([true, false, false, true, true]);
    expect(computePath(form, { n: 3 }).onPath).toEqual([true, false, true, true, true]);
    expect(computePath(form, { n: 0 }).onPath).toEqual([true, true, true, true, true]);
    expect(computePath(form, { n: 500 }).onPath).toEqual([true, false, false, false, true]);
  });
  it("a jump on an off-path question is never taken", () => {
    const form: LogicForm = {
      questions: [{ key: "x", type: "yes-no" }, q("skip", { showIf: { question: "x", op: "equals", value: true }, jump: [{ if: { question: "x", op: "answered" }, to: "end" }] }), q("last")],
    };
    expect(computePath(form, { x: false }).onPath).toEqual([true, false, true]);
    expect(computePath(form, { x: true }).onPath).toEqual([true, true, false]);
  });
  it("hidden fields stay on the path, even jumped over, and conditions read them", () => {
    const form: LogicForm = {
      questions: [q("a", { jump: [{ if: { question: "a", op: "answered" }, to: "c" }] }), { key: "ref", type: "hidden" }, q("c", { showIf: { question: "ref", op: "equals", value: "ads" } })],
    };
    expect(computePath(form, { a: "x", ref: "ads" }).onPath).toEqual([true, true, true]);
    expect(computePath(form, { a: "x", ref: "news" }).onPath).toEqual([true, true, false]);
  });
});

describe("endings", () => {
  const form: LogicForm = {
    endings: [{ key: "fans", title: "Thanks, fan" }],
    questions: [
      { key: "like", type: "yes-no", jump: [{ if: { question: "like", op: "equals", value: true }, to: "fans" }, { if: { question: "like", op: "equals", value: false }, to: "end" }] },
      { key: "after", type: "short-text" },
    ],
  };
  it("a jump to an ending ends the path there with that ending", () => {
    expect(computePath(form, { like: true, after: "x" })).toEqual({ onPath: [true, false], ending: "fans", score: null });
  });
  it('"end" ends on the default ending; no jump reaches the end on the default ending too', () => {
    expect(computePath(form, { like: false })).toEqual({ onPath: [true, false], ending: null, score: null });
    expect(computePath(form, {})).toEqual({ onPath: [true, true], ending: null, score: null });
  });
});

describe("score", () => {
  const form: LogicForm = {
    endings: [{ key: "high", title: "High" }],
    questions: [
      { key: "pick", type: "single-choice", scores: { A: 1, B: 5 } },
      { key: "many", type: "multiple-choice", scores: { x: 2, y: 3, z: -1 } },
      { key: "ok", type: "yes-no", scores: { yes: 10, no: 0 } },
      { key: "stars", type: "rating", scores: { "1": 0, "5": 4 }, showIf: { score: true, op: "lt", value: 20 } },
      { key: "gate", type: "statement", jump: [{ if: { score: true, op: "gte", value: 20 }, to: "high" }] },
      { key: "nps", type: "nps", scores: { "10": 7 } },
    ],
  };
  it("sums the scores of the answers on the path (picks add up; unknown answers earn nothing)", () => {
    expect(computePath(form, { pick: "B", many: ["x", "y", "z"], ok: false, stars: 5, nps: 10 }).score).toBe(5 + 4 + 0 + 4 + 7);
    expect(computePath(form, { pick: "Other", many: ["q"], ok: false, stars: 3 }).score).toBe(0);
  });
  it("conditions read the score so far; off-path answers are not counted", () => {
    const high = computePath(form, { pick: "B", many: ["x", "y"], ok: true, stars: 5, nps: 10 });
    // 5 + 5 + 10 = 20: stars (score < 20) is off the path, the gate jumps to "high", nps is after the ending.
    expect(high).toEqual({ onPath: [true, true, true, false, true, false], ending: "high", score: 20 });
  });
  it("is null when no question has scores", () => {
    expect(computePath({ questions: [{ key: "a", type: "short-text" }] }, { a: "x" }).score).toBeNull();
  });
  it("ignores keys that are special on plain objects", () => {
    expect(computePath({ questions: [{ key: "p", type: "single-choice", scores: { A: 1 } }] }, { p: "constructor" }).score).toBe(0);
  });
});

describe("recall", () => {
  const ctx = (answers: Record<string, unknown>, score: number | null = null) => ({ keys: new Set(["name", "ref", "picks", "ok"]), answers: new Map(Object.entries(answers)), score });
  it("replaces question, hidden and score placeholders with the answers as text", () => {
    expect(recall("Hi {{name}} from {{ ref }}, you scored {{score}}; {{picks}} / {{ok}}", ctx({ name: "Ada", ref: "ads", picks: ["a", "b"], ok: true }, 12))).toBe(
      "Hi Ada from ads, you scored 12; a, b / yes",
    );
  });
  it("leaves unknown keys and {{score}} without scores as written; an unanswered key is empty", () => {
    expect(recall("{{nope}} {{score}} [{{name}}]", ctx({}))).toBe("{{nope}} {{score}} []");
  });
  it("expands once: an answer holding a placeholder is shown as typed", () => {
    expect(recall("{{name}}", ctx({ name: "{{ref}}", ref: "secret" }))).toBe("{{ref}}");
  });
  it("returns text: <script> in an answer stays characters, and React renders it escaped", () => {
    const text = recall("Hello {{name}}", ctx({ name: '<script>alert("x")</script><img src=x onerror=alert(1)>' }));
    expect(text).toBe('Hello <script>alert("x")</script><img src=x onerror=alert(1)>');
    const html = renderToStaticMarkup(createElement("h2", null, text));
    expect(html).toBe("<h2>Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</h2>");
    expect(html).not.toContain("<script");
  });
});
