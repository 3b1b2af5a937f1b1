/**
 * The builder's logic pickers (lib/logic/editing.ts): operators come from the
 * registry, value pickers fit what a save accepts, scores' keys, references
 * kept on rename, and conditions in words.
 */
import { describe, expect, it } from "vitest";
import {
  ALWAYS, conditionSources, describeCondition, isAlways, newLeaf, operatorsOf, referencesTo, renamedKey, renameReferences, retarget,
  scoreKeysOf, takesScores, valueInputOf, withValue, type EditedQuestion,
} from "@/lib/logic/editing";
import { questionTypeSpecs, questionTypes } from "@/lib/question-types";
import { formSchemaSchema } from "@/lib/schema/form-schema";
import type { Condition } from "@/lib/logic";

const q = (key: string, type: EditedQuestion["type"], extra: Partial<EditedQuestion> = {}): EditedQuestion => ({ key, type, title: key, ...extra });

describe("operators and sources", () => {
  it("are the registry's operators for every type", () => {
    for (const t of questionTypes) expect(operatorsOf(t)).toEqual(questionTypeSpecs[t].operators);
  });
  it("conditions may name only earlier questions that have operators (hidden fields yes, statements no)", () => {
    const qs = [q("ref", "hidden"), q("intro", "statement"), q("a", "yes-no"), q("b", "number"), q("c", "short-text")];
    expect(conditionSources(qs, 3).map((x) => x.key)).toEqual(["ref", "a"]);
    expect(conditionSources(qs, 0)).toEqual([]);
  });
});

describe("value pickers", () => {
  it("fit the type, derived from its answer schema", () => {
    expect(valueInputOf(q("c", "single-choice", { options: ["A", "B"] }), "equals")).toEqual({ kind: "option", options: ["A", "B"], multiple: false });
    expect(valueInputOf(q("c", "dropdown", { options: ["A", "B"] }), "in")).toEqual({ kind: "option", options: ["A", "B"], multiple: true });
    expect(valueInputOf(q("m", "multiple-choice", { options: ["A"] }), "contains").kind).toBe("option");
    expect(valueInputOf(q("y", "yes-no"), "equals")).toEqual({ kind: "boolean", multiple: false });
    expect(valueInputOf(q("r", "rating", { scaleMin: 1, scaleMax: 5 }), "gte")).toEqual({ kind: "scale", values: [1, 2, 3, 4, 5], multiple: false });
    expect(valueInputOf(q("n", "nps"), "lt")).toMatchObject({ kind: "scale", values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(valueInputOf(q("o", "opinion-scale", { scaleMin: 1, scaleMax: 3 }), "equals")).toMatchObject({ kind: "scale", values: [1, 2, 3] });
    expect(valueInputOf(q("n", "number"), "gt")).toEqual({ kind: "number" });
    expect(valueInputOf(q("n", "number", { min: 1000, max: 2000 }), "gt")).toEqual({ kind: "number" });
    expect(valueInputOf(q("d", "date"), "lt")).toEqual({ kind: "date" });
    expect(valueInputOf(q("d", "date", { min: "2030-01-01" }), "lt")).toEqual({ kind: "date" });
    expect(valueInputOf(q("t", "time"), "gte")).toEqual({ kind: "time" });
    expect(valueInputOf(q("s", "short-text"), "contains")).toEqual({ kind: "text", multiple: false });
    expect(valueInputOf(q("e", "email"), "equals")).toEqual({ kind: "text", multiple: false });
    expect(valueInputOf(q("h", "hidden"), "in")).toEqual({ kind: "text", multiple: true });
    expect(valueInputOf(q("s", "short-text"), "answered")).toEqual({ kind: "none" });
  });

  it("new leaves and operator changes give a value the server accepts", () => {
    const questions = [
      q("pick", "single-choice", { options: ["A", "B"] }), q("many", "multiple-choice", { options: ["X", "Y"] }), q("yn", "yes-no"),
      q("stars", "rating", { scaleMin: 1, scaleMax: 5 }), q("n", "number"), q("nps", "nps"), q("ref", "hidden"), q("txt", "short-text"),
    ];
    for (const src of questions) {
      for (const op of operatorsOf(src.type)) {
        const leaf = withValue({ ...newLeaf(src), op }, src);
        // Text pickers start empty; fill them as an owner would.
        const value = leaf.value === "" ? "hello" : Array.isArray(leaf.value) && leaf.value[0] === "" ? ["hello"] : leaf.value;
        const showIf = (value === undefined ? { question: leaf.question, op } : { question: leaf.question, op, value }) as Condition;
        const schema = { title: "T", questions: [...questions.map(({ title, ...rest }) => ({ ...rest, title: title ?? rest.key })).map((x) => (x.type === "hidden" ? { key: x.key, type: x.type } : x)), { key: "probe", type: "short-text", title: "P", showIf }] };
        const parsed = formSchemaSchema.safeParse(schema);
        expect(parsed.success, `${src.type} ${op}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  it("keeps the value when it still fits and the operator when the new question supports it", () => {
    const rating = q("r", "rating", { scaleMin: 1, scaleMax: 5 });
    expect(withValue({ question: "r", op: "gt", value: 4 }, rating)).toEqual({ question: "r", op: "gt", value: 4 });
    expect(withValue({ question: "r", op: "answered", value: 4 }, rating)).toEqual({ question: "r", op: "answered" });
    expect(withValue({ question: "c", op: "in", value: "A" }, q("c", "dropdown", { options: ["A", "B"] }))).toEqual({ question: "c", op: "in", value: ["A"] });
    expect(retarget({ question: "r", op: "gt", value: 9 }, q("n", "nps"))).toEqual({ question: "n", op: "gt", value: 9 });
    expect(retarget({ question: "r", op: "gt", value: 3 }, q("y", "yes-no"))).toEqual({ question: "y", op: "equals", value: true });
  });
});

describe("scores", () => {
  it("choice, yes-no and rating-like types take them, keyed as the engine scores answers", () => {
    expect(questionTypes.filter(takesScores).sort()).toEqual(["dropdown", "multiple-choice", "nps", "opinion-scale", "rating", "single-choice", "yes-no"]);
    expect(scoreKeysOf(q("y", "yes-no"))).toEqual(["yes", "no"]);
    expect(scoreKeysOf(q("c", "single-choice", { options: ["A", "B"] }))).toEqual(["A", "B"]);
    expect(scoreKeysOf(q("r", "rating", { scaleMin: 0, scaleMax: 3 }))).toEqual(["0", "1", "2", "3"]);
    expect(scoreKeysOf(q("t", "short-text"))).toEqual([]);
  });
});

describe("references", () => {
  const qs = [
    q("a", "yes-no"),
    q("b", "short-text", { showIf: { all: [{ question: "a", op: "equals", value: true }, { not: { question: "a", op: "answered" } }] } }),
    q("c", "short-text", { jump: [{ if: { question: "a", op: "equals", value: false }, to: "vip" }] }),
  ];
  it("follow a renamed question or ending", () => {
    const renamed = renameReferences(qs, "a", "customer")!;
    expect(JSON.stringify(renamed)).not.toContain('"question":"a"');
    expect((renamed[1].showIf as { all: Condition[] }).all[1]).toEqual({ not: { question: "customer", op: "answered" } });
    expect(renamed[2].jump![0].if).toEqual({ question: "customer", op: "equals", value: false });
    expect(renameReferences(qs, "vip", "gold")![2].jump![0].to).toBe("gold");
    expect(renameReferences(qs, "zzz", "y")).toBeNull();
    expect(referencesTo(qs, "a")).toEqual([2, 3]);
    expect(renamedKey(["a", "b"], ["a", "bee"])).toEqual(["b", "bee"]);
    expect(renamedKey(["a", "b"], ["b", "a"])).toBeNull(); // a move
    expect(renamedKey(["a", "b"], ["a"])).toBeNull(); // a delete
    expect(renamedKey(["a", "b"], ["a", "a"])).toBeNull(); // renamed onto another's key
    expect(renamedKey(["a", "b", "b"], ["a", "b", "c"])).toBeNull(); // the old key lives on
  });
  it("read as words", () => {
    const label = (k: string) => k.toUpperCase();
    expect(describeCondition(qs[1].showIf!, label)).toBe("(A is yes and not A is answered)");
    expect(describeCondition({ score: true, op: "gte", value: 10 }, label)).toBe("score is at least 10");
    expect(describeCondition({ question: "x", op: "in", value: ["p", "q"] }, label)).toBe("X is one of “p”, “q”");
    expect(isAlways(ALWAYS)).toBe(true);
    expect(describeCondition(ALWAYS, label)).toBe("always");
  });
});

describe("which types carry logic", () => {
  it("every type but hidden fields takes showIf and jump", async () => {
    const { takesLogic } = await import("@/lib/logic/editing");
    expect(questionTypes.filter((t) => !takesLogic(t))).toEqual(["hidden"]);
  });
});

describe("changing a question's type", () => {
  it("keeps its showIf and jumps, and the scores of answers the new type still has", async () => {
    const { convertQuestion } = await import("@/components/builder/question-types");
    const showIf = { question: "a", op: "answered" } as const;
    const jump = [{ if: ALWAYS, to: "end" }];
    const choice = { key: "c", type: "single-choice", title: "C", options: ["A", "B"], showIf, jump, scores: { A: 1, B: 2 } } as never;
    expect(convertQuestion(choice, "dropdown")).toMatchObject({ type: "dropdown", showIf, jump, scores: { A: 1, B: 2 } });
    const asRating = convertQuestion(choice, "rating") as Record<string, unknown>;
    expect(asRating).toMatchObject({ showIf, jump });
    expect(asRating.scores).toBeUndefined();
    const asText = convertQuestion(choice, "short-text") as Record<string, unknown>;
    expect(asText.scores).toBeUndefined();
    expect(asText.showIf).toEqual(showIf);
    expect(convertQuestion(choice, "hidden")).not.toHaveProperty("showIf");
  });
});
