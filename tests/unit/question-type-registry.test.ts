/**
 * Walks both question-type registries (lib/question-types on the server and
 * shared side, components/question-types on the UI side) and fails when a
 * type lacks a part, or a part does not work on a sample of the type.
 */
import { describe, expect, it } from "vitest";
import { analyticsCards } from "@/components/question-types/analytics-cards";
import { builderEditors } from "@/components/question-types/builder-editors";
import { respondentControls } from "@/components/question-types/respondent-controls";
import { questionSummaryEntrySchema } from "@/lib/analytics/summary";
import { logicOperators, questionTypes, questionTypeSpecs, type QuestionType } from "@/lib/question-types";
import { answerSchemas } from "@/lib/question-types/answers";
import type { KeyAggregates } from "@/lib/question-types/spec";
import { translatorFor } from "@/lib/i18n/catalogs";
import type { Translate } from "@/lib/i18n/translator";
import { answersSchema, type AnswerValue } from "@/lib/schema/answers";
import { questionSchema, type Question } from "@/lib/schema/form-schema";

/** One question of every type and an answer it accepts (a new type must add its own: the map is typed). */
const samples: { [T in QuestionType]: { question: Record<string, unknown>; answer: AnswerValue | null } } = {
  "short-text": { question: { maxLength: 20 }, answer: "Ada" },
  "long-text": { question: {}, answer: "Many\nlines" },
  email: { question: {}, answer: "ada@example.com" },
  number: { question: { min: 0 }, answer: 4 },
  url: { question: {}, answer: "https://example.com" },
  phone: { question: {}, answer: "+44 20 7946 0000" },
  "single-choice": { question: { options: ["A", "B"], allowOther: true }, answer: "Something else" },
  "multiple-choice": { question: { options: ["A", "B"], allowOther: true }, answer: ["A", "mine"] },
  dropdown: { question: { options: ["A", "B"] }, answer: "B" },
  rating: { question: { scaleMin: 1, scaleMax: 5 }, answer: 4 },
  nps: { question: {}, answer: 9 },
  "yes-no": { question: {}, answer: false },
  date: { question: {}, answer: "2026-02-03" },
  statement: { question: {}, answer: null },
  hidden: { question: {}, answer: "newsletter" },
  matrix: { question: { rows: ["Speed", "Price"], columns: ["Bad", "Good"] }, answer: { Speed: "Good", Price: "Bad" } },
  ranking: { question: { options: ["A", "B", "C"] }, answer: ["C", "A", "B"] },
  consent: { question: { text: "I agree" }, answer: true },
  time: { question: { min: "08:00" }, answer: "09:30" },
  "opinion-scale": { question: {}, answer: 7 },
  "file-upload": { question: { maxFiles: 2, accept: [".pdf", "image/*"] }, answer: ["01jbz6y8m2c4d6f8g0h2j4k6m8", "01jbz6y8m2c4d6f8g0h2j4k6m9"] },
  signature: { question: {}, answer: "01jbz6y8m2c4d6f8g0h2j4k6ma" },
  "picture-choice": { question: { pictures: [{ label: "Cat", image: "01jbz6y8m2c4d6f8g0h2j4k6mb" }, { label: "Dog", image: "01jbz6y8m2c4d6f8g0h2j4k6mc" }] }, answer: "Dog" },
};

const parse = (type: QuestionType): Question =>
  questionSchema.parse({ key: "q", type, ...(type === "hidden" ? {} : { title: "Q" }), ...samples[type].question });

const emptyAggregates: KeyAggregates = { values: new Map(), answered: 0, numbers: null, latest: [], top: { count: 0, top: [] }, files: { files: 0, bytes: 0 } };

describe("question-type registries", () => {
  it("every registry lists exactly the question types", () => {
    const types = [...questionTypes].sort();
    for (const registry of [questionTypeSpecs, answerSchemas, respondentControls, builderEditors, analyticsCards]) {
      expect(Object.keys(registry).sort()).toEqual(types);
    }
  });

  it.each(questionTypes)("%s has every server part, and each works on a sample", (type) => {
    const spec = questionTypeSpecs[type] as unknown as (typeof questionTypeSpecs)["short-text"];
    const q = parse(type) as never;
    const answer = samples[type].answer;
    // answer schema (browser-safe): the sample passes; statements take none
    const schema = answerSchemas[type] as (q: Question, o: { partial: boolean; t: Translate }) => unknown;
    const t = translatorFor("en");
    if (type === "statement") expect(schema(q, { partial: false, t })).toBeNull();
    else expect(answersSchema({ questions: [q] }, { t }).safeParse({ q: answer }).error).toBeUndefined();
    // storage: an answered sample gives rows of this key; statements none
    const rows = type === "statement" ? spec.rows(q, "") : spec.rows(q, answer!);
    expect(rows.every((r) => r.questionKey === "q")).toBe(true);
    expect(rows.length > 0).toBe(type !== "statement");
    expect(["scale", "choice", "ranked", "number", "text", null]).toContain(spec.statKind);
    // summary: the empty summary fits the type's own schema (statements have none)
    const shaped = spec.summary.shape(q, emptyAggregates);
    if (type === "statement") expect(shaped).toBeNull();
    else {
      expect(shaped).not.toBeNull();
      const entry = { key: "q", title: "Q", type, responses: shaped!.responses, onPath: 0, dropOff: 0, summary: shaped!.summary };
      expect(questionSummaryEntrySchema.safeParse(entry).error).toBeUndefined();
      expect(spec.summary.schema.safeParse(shaped!.summary).success).toBe(true);
    }
    // CSV and form post
    expect(typeof spec.csvCell(q, answer ?? "")).toBe("string");
    expect(spec.fromFormPost(q, new FormData())).toBeUndefined();
    // logic operators: known names; everything that takes an answer can be tested for one
    for (const op of spec.operators) expect(logicOperators).toContain(op);
    if (type !== "statement") expect(spec.operators).toEqual(expect.arrayContaining(["answered", "notAnswered"]));
  });

  it.each(questionTypes)("%s has every UI part (respondent control, builder editor, analytics card)", (type) => {
    expect(typeof respondentControls[type].Field).toBe("function");
    expect(typeof respondentControls[type].advancesOnPick).toBe("boolean");
    expect(typeof builderEditors[type].label).toBe("string");
    // the builder's new question of this type is valid for the type's definition
    expect(questionSchema.safeParse(builderEditors[type].create("k", "T")).error).toBeUndefined();
    expect(builderEditors[type].Editor === null || typeof builderEditors[type].Editor === "function").toBe(true);
    if (type === "statement") expect(analyticsCards[type].Body).toBeNull();
    else expect(typeof analyticsCards[type].Body).toBe("function");
  });

  it("ordered comparisons apply exactly to number, rating, nps, opinion-scale, date and time", () => {
    const ordered = questionTypes.filter((t) => (questionTypeSpecs[t].operators as readonly string[]).includes("gt"));
    expect(ordered.sort()).toEqual(["date", "nps", "number", "opinion-scale", "rating", "time"]);
  });
});
