/**
 * Whether a form's logic makes sense for that form (run when a draft is
 * saved, as part of formSchemaSchema): each issue carries the path of the
 * offending part, e.g. questions.3.jump.0.if.all.1.value.
 *
 * What fits what comes from the question-types registry: a type's
 * `operators`, and its answer schema for a condition's value (so a choice's
 * value must be one of its options, a rating's within its scale).
 */
import type { z } from "zod";
import { questionTypeSpecs } from "@/lib/question-types";
import { shapeOnly, type Translate } from "@/lib/i18n/translator";
import { answerSchemas } from "@/lib/question-types/answers";
import type { Question } from "@/lib/schema/form-schema";
import { scoreKeysOf, takesScores } from "./editing";
import { hasLogic } from "./engine";
import { END, type Condition, type Ending } from "./types";

type Path = (string | number)[];
type Ctx = z.core.$RefinementCtx;

const RESERVED_KEYS = new Set(["score", "ending"]);
const NO_VALUE = new Set(["answered", "notAnswered"]);
const LIST_VALUE = new Set(["in", "notIn"]);
const PICK_OR_TEXT = new Set(["contains", "notContains"]);

/** One answer of q as its answer schema accepts it (partial: a required matrix may be partly filled). */
function isAnswerOf(q: Question, value: unknown): boolean {
  const schema = (answerSchemas[q.type] as (q: Question, o: { partial: boolean; t: Translate }) => z.core.$ZodType | null)(q, { partial: true, t: shapeOnly });
  return schema !== null && (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;
}

function checkLeaf(leaf: { question: string; op: string; value?: unknown }, path: Path, earlier: Map<string, Question>, ctx: Ctx) {
  const q = earlier.get(leaf.question);
  if (!q) {
    ctx.addIssue({ code: "custom", path: [...path, "question"], message: `"${leaf.question}" is not a question before this one` });
    return;
  }
  const operators: readonly string[] = questionTypeSpecs[q.type].operators;
  if (!operators.includes(leaf.op)) {
    ctx.addIssue({ code: "custom", path: [...path, "op"], message: `"${leaf.op}" does not apply to a ${q.type} question; use one of: ${operators.join(", ")}` });
    return;
  }
  const bad = (message: string) => ctx.addIssue({ code: "custom", path: [...path, "value"], message });
  const { op, value } = leaf;
  if (NO_VALUE.has(op)) {
    if (value !== undefined) bad(`"${op}" takes no value`);
  } else if (value === undefined) bad(`"${op}" needs a value`);
  else if (LIST_VALUE.has(op)) {
    if (!Array.isArray(value)) bad(`"${op}" needs a list of answers`);
    else value.forEach((v, i) => { if (!isAnswerOf(q, v)) ctx.addIssue({ code: "custom", path: [...path, "value", i], message: `Not a possible answer of "${q.key}"` }); });
  } else if (PICK_OR_TEXT.has(op)) {
    // Picks: the value is one of the options (any text with allowOther); text: any non-empty text.
    if (typeof value !== "string" || value.trim() === "") bad(`"${op}" needs a text`);
    else if ("options" in q && !("allowOther" in q && q.allowOther) && !q.options.includes(value)) bad(`Not an option of "${q.key}"`);
  } else if (Array.isArray(value) || !isAnswerOf(q, value)) bad(`Not a possible answer of "${q.key}"`);
}

function checkCondition(c: Condition, path: Path, earlier: Map<string, Question>, ctx: Ctx) {
  if ("all" in c) c.all.forEach((x, i) => checkCondition(x, [...path, "all", i], earlier, ctx));
  else if ("any" in c) c.any.forEach((x, i) => checkCondition(x, [...path, "any", i], earlier, ctx));
  else if ("not" in c) checkCondition(c.not, [...path, "not"], earlier, ctx);
  else if (!("score" in c)) checkLeaf(c, path, earlier, ctx);
}

export function checkLogic(schema: { questions: Question[]; endings?: Ending[] }, ctx: Ctx) {
  const { questions } = schema;
  const questionKeys = new Set(questions.map((q) => q.key.toLowerCase()));
  const endingKeys = new Set<string>();
  schema.endings?.forEach((e, i) => {
    const k = e.key.toLowerCase();
    if (k === END) ctx.addIssue({ code: "custom", path: ["endings", i, "key"], message: `"${END}" is the default ending; choose another key` });
    else if (questionKeys.has(k)) ctx.addIssue({ code: "custom", path: ["endings", i, "key"], message: `"${e.key}" is already a question key` });
    else if (endingKeys.has(k)) ctx.addIssue({ code: "custom", path: ["endings", i, "key"], message: `Duplicate ending key "${e.key}"` });
    endingKeys.add(k);
  });
  const exactEndings = new Set(schema.endings?.map((e) => e.key));
  // Exports of a form with logic carry "score" and "ending" columns; {{score}} recalls the score.
  if (hasLogic(schema)) {
    questions.forEach((q, i) => {
      if (RESERVED_KEYS.has(q.key.toLowerCase())) ctx.addIssue({ code: "custom", path: ["questions", i, "key"], message: `"${q.key}" is reserved in a form with logic (scores, endings, conditions)` });
    });
  }
  const later = new Map(questions.map((q, i) => [q.key, i]));
  const earlier = new Map<string, Question>();
  questions.forEach((q, i) => {
    const at: Path = ["questions", i];
    if ("showIf" in q && q.showIf) checkCondition(q.showIf, [...at, "showIf"], earlier, ctx);
    earlier.set(q.key, q);
    if ("jump" in q && q.jump) {
      q.jump.forEach((rule, r) => {
        checkCondition(rule.if, [...at, "jump", r, "if"], earlier, ctx);
        const target = later.get(rule.to);
        const ok = rule.to === END || exactEndings.has(rule.to) || (target !== undefined && target > i && questions[target].type !== "hidden");
        if (!ok) ctx.addIssue({ code: "custom", path: [...at, "jump", r, "to"], message: `"${rule.to}" is not a later question, an ending or "${END}"` });
      });
    }
    const allowed = takesScores(q.type) ? new Set(scoreKeysOf(q)) : null;
    if (allowed && "scores" in q && q.scores) {
      for (const key of Object.keys(q.scores)) {
        if (!allowed.has(key)) ctx.addIssue({ code: "custom", path: [...at, "scores", key], message: `"${key}" is not a possible answer of this question` });
      }
    }
  });
}
