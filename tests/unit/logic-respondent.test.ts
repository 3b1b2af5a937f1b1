/**
 * What the respondent page derives from the engine (lib/logic/respondent.ts)
 * and the ending carried to the no-JavaScript thanks page
 * (lib/public/ending-cookie.ts).
 */
import { describe, expect, it } from "vitest";
import { livePath, mayLeavePath, safeRedirectUrl } from "@/lib/logic/respondent";
import type { LogicForm } from "@/lib/logic/types";
import { endingCookie, readEndingCookie, reachedEnding, recallOf } from "@/lib/public/ending-cookie";
import type { FormSchema } from "@/lib/schema/form-schema";

const form = {
  questions: [
    { key: "ref", type: "hidden" },
    { key: "pet", type: "single-choice", options: ["Dog", "None"], scores: { Dog: 2 } },
    { key: "petname", type: "short-text", showIf: { question: "pet", op: "equals", value: "Dog" } },
    { key: "why", type: "short-text", jump: [{ if: { question: "why", op: "answered" }, to: "bye" }] },
    { key: "more", type: "short-text" },
    { key: "skip", type: "short-text", jump: [{ if: { question: "skip", op: "answered" }, to: "last" }] },
    { key: "between", type: "short-text" },
    { key: "last", type: "short-text" },
  ],
  endings: [{ key: "bye", title: "Bye {{pet}}", message: "Because {{why}}; score {{score}}", redirectUrl: "https://example.org/next" }],
} as unknown as LogicForm & Pick<FormSchema, "questions" | "endings">;

describe("livePath", () => {
  it("keeps only the answers on the path, and recalls them as text", () => {
    const live = livePath(form, { ref: "x", pet: "None", petname: "Rex", why: "", more: "m" });
    expect(live.answers).toEqual({ ref: "x", pet: "None", more: "m" });
    expect(live.onPath("petname")).toBe(false);
    expect(live.onPath("nope")).toBe(false);
    expect(live.text("{{petname}}|{{pet}}|{{ref}}|{{score}}|{{unknown}}")).toBe("|None|x|0|{{unknown}}");
    expect(live.text("{{pet}}")).not.toContain("<");
    expect(livePath(form, { pet: "<b>Dog</b>" }).text("{{pet}}")).toBe("<b>Dog</b>"); // text, escaped by the renderer
  });
});

describe("mayLeavePath", () => {
  it("marks questions with showIf, questions a jump can skip, and everything after a jump to an ending", () => {
    expect(mayLeavePath(form)).toEqual([false, false, true, false, true, true, true, true]);
    const onlySkip = { questions: [{ key: "a", type: "short-text", jump: [{ if: { question: "a", op: "answered" }, to: "c" }] }, { key: "b", type: "short-text" }, { key: "c", type: "short-text" }] } as LogicForm;
    expect(mayLeavePath(onlySkip)).toEqual([false, true, false]);
  });
});

describe("safeRedirectUrl", () => {
  it("follows absolute http(s) URLs only", () => {
    expect(safeRedirectUrl("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    expect(safeRedirectUrl("http://example.org")).toBe("http://example.org/");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "/relative", "//evil.example", "", undefined]) expect(safeRedirectUrl(bad)).toBeNull();
  });
});

describe("the ending cookie", () => {
  it("carries the ending, the score and only the recalled answers, and reads back for that form's keys only", () => {
    const { reached, redirectUrl } = reachedEnding(form, { pet: "None", why: "allergies", more: "private" });
    expect(redirectUrl).toBe("https://example.org/next");
    expect(reached).toEqual({ ending: "bye", score: 0, recall: [["pet", "None"], ["why", "allergies"]] });
    const cookie = endingCookie(reached, "/s/x", false)!;
    expect(cookie).toMatch(/^fl_end=[A-Za-z0-9_-]+; Path=\/s\/x; Max-Age=120; HttpOnly; SameSite=Lax$/);
    const back = readEndingCookie(cookie.split(";")[0].slice("fl_end=".length));
    expect(back).toEqual(reached);
    expect(recallOf(form, back)("{{why}} {{score}} {{more}}")).toBe("allergies 0 ");
    const forged = Buffer.from(JSON.stringify({ ending: "bye", score: "9", recall: [["__proto__", "x"], ["pet", 1], ["why", "ok"]] })).toString("base64url");
    const read = readEndingCookie(forged)!;
    expect(read).toEqual({ ending: "bye", score: null, recall: [["__proto__", "x"], ["why", "ok"]] });
    expect(recallOf(form, read)("{{__proto__}}{{why}}")).toBe("{{__proto__}}ok");
    expect(readEndingCookie("not base64 json")).toBeNull();
  });

  it("carries nothing for the default ending of a form without scores or recall", () => {
    const plain = { questions: [{ key: "a", type: "short-text" }] } as unknown as Pick<FormSchema, "questions">;
    expect(endingCookie(reachedEnding(plain, { a: "x" }).reached, "/s/x", true)).toBeNull();
  });
});
