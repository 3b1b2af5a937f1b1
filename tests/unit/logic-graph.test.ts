/**
 * The paths picture's graph (lib/logic/graph.ts): next questions, skips,
 * jumps to questions and endings, unreachable questions and endings nothing
 * leads to — checked against the engine where it matters.
 */
import { describe, expect, it } from "vitest";
import { ALWAYS, type EditedQuestion } from "@/lib/logic/editing";
import { pathGraph, truthOf } from "@/lib/logic/graph";
import { computePath } from "@/lib/logic";

const q = (key: string, type: EditedQuestion["type"], extra: Partial<EditedQuestion> = {}): EditedQuestion => ({ key, type, title: key, ...extra });
const edgesOf = (g: ReturnType<typeof pathGraph>) => g.edges.map((e) => `${e.from}>${e.to}${e.kind === "jump" ? `#${e.rule}` : e.kind === "skip" ? " (skip)" : ""}`);

describe("pathGraph", () => {
  it("a form without logic is one line from start to the end", () => {
    const g = pathGraph([q("a", "short-text"), q("ref", "hidden"), q("b", "number")]);
    expect(edgesOf(g)).toEqual(["start>question:0", "question:0>question:2", "question:2>ending:end"]);
    expect(g.unreachable).toEqual([]);
  });

  it("a showIf may skip its question: the flow lands on it and may pass it", () => {
    const g = pathGraph([q("a", "yes-no"), q("b", "short-text", { showIf: { question: "a", op: "equals", value: true } }), q("c", "short-text")]);
    expect(edgesOf(g)).toEqual(["start>question:0", "question:0>question:1", "question:1>question:2 (skip)", "question:1>question:2", "question:2>ending:end"]);
  });

  it("a jump landing on a question that may be hidden can pass it too", () => {
    const g = pathGraph([
      q("a", "yes-no", { jump: [{ if: { question: "a", op: "equals", value: true }, to: "c" }] }),
      q("b", "short-text"),
      q("c", "short-text", { showIf: { question: "a", op: "equals", value: false }, jump: [{ if: ALWAYS, to: "end" }] }),
      q("d", "short-text"),
    ]);
    expect(edgesOf(g)).toContain("question:0>question:2#0");
    expect(edgesOf(g)).toContain("question:2>question:3 (skip)");
    expect(g.unreachable).toEqual([]);
  });

  it("an always-jump leaves the questions between unreachable; endings nothing targets are reported", () => {
    const qs = [q("a", "short-text", { jump: [{ if: ALWAYS, to: "c" }] }), q("b", "short-text"), q("c", "short-text")];
    const g = pathGraph(qs, [{ key: "vip", title: "VIP" }]);
    expect(g.unreachable).toEqual(["b"]);
    expect(g.untargetedEndings).toEqual(["vip"]);
    expect(g.nodes.find((n) => n.key === "b")!.reachable).toBe(false);
    // The engine agrees: b is never on the path.
    expect(computePath({ questions: qs }, { a: "x", b: "y" }).onPath).toEqual([true, false, true]);
  });

  it("rules over the question's own few answers are exact: yes → ending, no → later question; nothing falls through when required", () => {
    const jump = [{ if: { question: "a", op: "equals" as const, value: true }, to: "vip" }, { if: { question: "a", op: "equals" as const, value: false }, to: "c" }];
    const required = pathGraph([q("a", "yes-no", { required: true, jump }), q("b", "short-text"), q("c", "short-text")], [{ key: "vip", title: "VIP" }]);
    expect(edgesOf(required)).toContain("question:0>ending:vip#0");
    expect(edgesOf(required)).toContain("question:0>question:2#1");
    expect(required.unreachable).toEqual(["b"]);
    expect(required.untargetedEndings).toEqual([]);
    // Not required: no answer falls through to b.
    const optional = pathGraph([q("a", "yes-no", { jump }), q("b", "short-text"), q("c", "short-text")], [{ key: "vip", title: "VIP" }]);
    expect(optional.unreachable).toEqual([]);
  });

  it("a rule after an always-rule never applies; its ending counts as unreachable", () => {
    const g = pathGraph([q("a", "short-text", { jump: [{ if: ALWAYS, to: "end" }, { if: { question: "a", op: "answered" }, to: "vip" }] }), q("b", "short-text")], [{ key: "vip", title: "VIP" }]);
    expect(g.unreachable).toEqual(["b"]);
    expect(g.unreachableEndings).toEqual(["vip"]);
    // b's own way on is drawn (greyed out in the picture), but nothing leads to b.
    expect(edgesOf(g)).toEqual(["start>question:0", "question:0>ending:end#0", "question:1>ending:end"]);
  });

  it("a question behind a contradiction is never shown", () => {
    const never = { all: [{ question: "a", op: "answered" as const }, { question: "a", op: "notAnswered" as const }] };
    expect(truthOf(never)).toBe("never");
    expect(truthOf({ not: never })).toBe("always");
    expect(truthOf({ any: [{ question: "a", op: "gt" as const, value: 3 }, { question: "a", op: "lte" as const, value: 3 }] })).toBe("always");
    expect(truthOf({ question: "a", op: "answered" })).toBe("maybe");
    const g = pathGraph([q("a", "number"), q("b", "short-text", { showIf: never })]);
    expect(g.unreachable).toEqual(["b"]);
  });
});

describe("pathGraph on a large form", () => {
  // Its speed is printed by scripts/measure-logic-graph.ts; here: the graph grows linearly, not with every later candidate.
  it("200 questions, each with a showIf and a jump: a few edges per question", () => {
    const qs = Array.from({ length: 200 }, (_, i) => q(`q${i}`, "number", i === 0 ? {} : {
      showIf: { question: `q${i - 1}`, op: "gt", value: 1 },
      jump: i < 198 ? [{ if: { question: `q${i}`, op: "lt", value: 0 }, to: `q${i + 2}` }] : undefined,
    }));
    const g = pathGraph(qs);
    expect(g.unreachable).toEqual([]);
    expect(g.edges.length).toBeLessThanOrEqual(3 * qs.length + 1);
    expect(g.edges.filter((e) => e.kind === "skip")).toHaveLength(199);
  });
});
