import { describe, expect, it } from "vitest";
import { convertQuestion, derivedKey, duplicateQuestion, isValidKey, keyFollowsTitle, keyFromTitle, newQuestion, uniqueKey } from "@/components/builder/question-types";
import { formSchemaSchema, questionSchema, questionTypes, type Question } from "@/lib/schema/form-schema";

describe("question keys from titles", () => {
  it.each([
    ["How did you hear about us?", "how_did_you_hear_about_us"],
    ["Crème brûlée — yes/no", "creme_brulee_yes_no"],
    ["2024 budget", "q_2024_budget"],
    ["???", "question"],
    ["", "question"],
    ["A very long question title that keeps going well past forty characters", "a_very_long_question_title_that_keeps"],
  ])("%j → %j, a valid key", (title, key) => {
    expect(keyFromTitle(title)).toBe(key);
    expect(isValidKey(key)).toBe(true);
  });

  it("stays unique among the other keys, case-insensitively", () => {
    expect(uniqueKey("email", ["name"])).toBe("email");
    expect(uniqueKey("email", ["Email", "email_2"])).toBe("email_3");
    expect(derivedKey("Email", ["email"])).toBe("email_2");
  });

  it("follows the title only while the owner has not typed their own key", () => {
    expect(keyFollowsTitle("untitled_question", "Untitled question", [])).toBe(true);
    expect(keyFollowsTitle("plan", "Which plan?", [])).toBe(false);
  });
});

describe("new, converted and duplicated questions are valid for the API's schema", () => {
  it.each(questionTypes)("a new %s question", (type) => {
    const q = newQuestion(type, ["untitled_question"]);
    expect(questionSchema.safeParse(q).success).toBe(true);
    expect(q.key).not.toBe("untitled_question");
  });

  it("every type converts into every other type", () => {
    for (const from of questionTypes) {
      const source = { ...newQuestion(from, []) } as Record<string, unknown>;
      if (from !== "statement" && from !== "hidden") source.required = true;
      if (from === "short-text" || from === "email") source.placeholder = "Type here";
      expect(questionSchema.safeParse(source).success).toBe(true);
      for (const to of questionTypes) {
        const converted = convertQuestion(source as Question, to);
        const result = questionSchema.safeParse(converted);
        expect(result.success, `${from} → ${to}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
        expect(converted.type).toBe(to);
        expect(converted.key).toBe(source.key);
      }
    }
  });

  it("keeps what both types share: options from single to multiple choice, required, placeholder", () => {
    const single: Question = { key: "plan", type: "single-choice", title: "Plan?", options: ["Free", "Pro"], required: true };
    expect(convertQuestion(single, "multiple-choice")).toEqual({ key: "plan", type: "multiple-choice", title: "Plan?", options: ["Free", "Pro"], required: true });
    expect(convertQuestion(single, "statement")).toEqual({ key: "plan", type: "statement", title: "Plan?" });
    const text: Question = { key: "name", type: "short-text", title: "Name", placeholder: "Ada", maxLength: 50 };
    expect(convertQuestion(text, "email")).toEqual({ key: "name", type: "email", title: "Name", placeholder: "Ada" });
  });

  it("a duplicate gets a fresh key, so the form stays valid", () => {
    const q: Question = { key: "plan", type: "single-choice", title: "Plan?", options: ["Free", "Pro"] };
    const copy = duplicateQuestion(q, ["plan"]);
    const again = duplicateQuestion(copy, ["plan", copy.key]);
    expect([copy.key, again.key]).toEqual(["plan_copy", "plan_copy_2"]);
    expect(formSchemaSchema.safeParse({ title: "T", questions: [q, copy, again] }).success).toBe(true);
  });
});
