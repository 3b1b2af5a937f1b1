/**
 * The pure parts of the logic analytics: what a response records about its
 * path (lib/analytics/paths.ts) and how scores become a histogram
 * (lib/analytics/outcomes.ts summarizeScores).
 */
import { describe, expect, it } from "vitest";
import { pathColumns } from "@/lib/analytics/paths";
import { summarizeScores } from "@/lib/analytics/outcomes";

const form = {
  questions: [
    { key: "ref", type: "hidden" },
    { key: "kind", type: "single-choice" },
    { key: "company", type: "short-text", showIf: { question: "kind", op: "equals" as const, value: "Business" } },
    { key: "intro", type: "statement" },
    { key: "nps", type: "nps", jump: [{ if: { question: "nps", op: "equals" as const, value: 10 }, to: "end" }] },
    { key: "why", type: "long-text" },
  ],
};
const plain = { questions: form.questions.map(({ key, type }) => ({ key, type })) };

describe("pathColumns", () => {
  it("finished: the shown questions on the path left unanswered (not hidden fields, statements or questions off the path)", () => {
    const onPath = [true, true, false, true, true, true];
    expect(pathColumns(form, { kind: "Personal" }, true, onPath)).toEqual({ pathUnanswered: '["nps","why"]', leftAt: null });
    expect(pathColumns(form, { kind: "Personal", nps: 1, why: "x" }, true, onPath)).toEqual({ pathUnanswered: null, leftAt: null });
    // Without logic every question is on the path.
    expect(pathColumns(plain, { kind: "A" }, true, null)).toEqual({ pathUnanswered: '["company","nps","why"]', leftAt: null });
  });

  it("unfinished: the first question on the path after the last one answered", () => {
    expect(pathColumns(form, { ref: "x" }, false, null).leftAt).toBe("kind");
    expect(pathColumns(form, { kind: "Business" }, false, null).leftAt).toBe("company");
    // company is off this path and the statement is no stopping place.
    expect(pathColumns(form, { kind: "Personal" }, false, null).leftAt).toBe("nps");
    // A skipped optional question does not hold the place: the last answer does.
    expect(pathColumns(plain, { company: "Acme" }, false, null).leftAt).toBe("nps");
    // The jump to the end leaves nothing but submitting.
    expect(pathColumns(form, { kind: "Personal", nps: 10 }, false, null)).toEqual({ pathUnanswered: null, leftAt: null });
    expect(pathColumns(plain, { kind: "A", company: "B", nps: 3, why: "y" }, false, null).leftAt).toBeNull();
  });
});

describe("summarizeScores", () => {
  it("nothing scored", () => {
    expect(summarizeScores([])).toEqual({ count: 0, average: null, min: null, max: null, histogram: [] });
  });

  it("one bar per score up to 20 distinct scores", () => {
    expect(summarizeScores([{ v: -1, n: 1 }, { v: 2.5, n: 3 }])).toEqual({
      count: 4,
      average: 1.63,
      min: -1,
      max: 2.5,
      histogram: [{ from: -1, to: -1, count: 1 }, { from: 2.5, to: 2.5, count: 3 }],
    });
  });

  it("10 equal-width bins beyond, the maximum in the last one, every response in one bin", () => {
    const scores = Array.from({ length: 101 }, (_, v) => ({ v, n: v === 100 ? 5 : 1 }));
    const s = summarizeScores(scores);
    expect(s.histogram).toHaveLength(10);
    expect(s.histogram[0]).toEqual({ from: 0, to: 10, count: 10 });
    expect(s.histogram[9]).toEqual({ from: 90, to: 100, count: 15 });
    expect(s.histogram.reduce((t, b) => t + b.count, 0)).toBe(s.count);
    expect(s).toMatchObject({ count: 105, min: 0, max: 100 });
  });
});
