/**
 * The logic additions to the form schema as zod (classic): they validate
 * drafts and generate the OpenAPI document. Whether a rule makes sense for
 * its form (earlier keys, operators of the type, values among the options,
 * forward jumps) is checked over the whole form by ./validate.ts.
 */
import { z } from "zod";
import { isPrototypeKey } from "@/lib/http/reserved-keys";
import { questionKeySchema } from "@/lib/question-types/key";
import { logicOperators } from "@/lib/question-types/names";
import { scoreOperators, type Condition, type Ending, type JumpRule } from "./types";

/** Nesting deeper than this is refused before zod walks it (a deep body must not exhaust the stack). */
export const MAX_CONDITION_DEPTH = 8;
const MAX_RULES = 50;

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
const conditionValue = z.union([scalar, z.array(scalar).min(1).max(200)]).describe("See the operator: a list for in/notIn, absent for answered/notAnswered");

const conditionUnion: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(conditionUnion).max(MAX_RULES).describe("Holds when every item holds; an empty list always holds") }),
    z.strictObject({ any: z.array(conditionUnion).min(1).max(MAX_RULES) }),
    z.strictObject({ not: conditionUnion }),
    z.strictObject({
      question: questionKeySchema.describe("A question or hidden field before this one (for a jump: or this one)"),
      op: z.enum(logicOperators).describe("Must be one of the operators of that question's type"),
      value: conditionValue.optional(),
    }),
    z.strictObject({ score: z.literal(true), op: z.enum(scoreOperators), value: z.number() }),
  ]),
).meta({ id: "Condition", description: '{ "all": [...] }, { "any": [...] }, { "not": c }, { "question", "op", "value"? } or { "score": true, "op", "value" }' });

function depthOf(value: unknown, limit: number): number {
  if (limit < 0 || value === null || typeof value !== "object") return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, limit - 1));
  return deepest + 1;
}

export const conditionSchema = z
  .preprocess((value, ctx) => {
    // Every level is an object plus an array (all/any): twice the depth, plus the leaf's value list.
    if (depthOf(value, MAX_CONDITION_DEPTH * 2 + 2) > MAX_CONDITION_DEPTH * 2 + 2) {
      ctx.issues.push({ code: "custom", message: `Conditions may nest at most ${MAX_CONDITION_DEPTH} levels`, input: value });
      return z.NEVER;
    }
    return value;
  }, conditionUnion)
  .describe(`A condition, nested at most ${MAX_CONDITION_DEPTH} levels`);

export const jumpRuleSchema: z.ZodType<JumpRule> = z.strictObject({
  if: conditionSchema,
  to: z.string().min(1).max(64).describe('A LATER question\'s key, an ending\'s key, or "end" (the default ending)'),
});

/** The logic fields every shown question may carry. */
export const logicFields = {
  showIf: conditionSchema.optional().describe("The question is on the respondent's path only when this holds"),
  jump: z.array(jumpRuleSchema).max(MAX_RULES).optional().describe("Evaluated when the respondent leaves this question: the first rule that holds wins; questions jumped over are off the path"),
};

/** Answer → points. Keys: an option's text (choices), "yes"/"no" (yes-no), a scale value (rating, nps, opinion scale). */
export const scoresField = {
  scores: z
    .record(z.string().min(1).max(200).refine((k) => !isPrototypeKey(k), "Not a score key"), z.number().min(-1_000_000).max(1_000_000))
    .optional()
    .describe('Answer → points: the option text for choices, "yes"/"no" for yes-no, the value for rating, nps and opinion scale; the response\'s score is the sum over its path'),
};

export const endingSchema: z.ZodType<Ending> = z
  .strictObject({
    key: questionKeySchema,
    title: z.string().trim().min(1, "An ending needs a title").max(500),
    message: z.string().max(2000).optional(),
    redirectUrl: z.url({ protocol: /^https?$/ }).max(2000).optional().describe("http(s) only"),
  })
  .meta({ id: "Ending" });

export const endingsField = z
  .array(endingSchema)
  .max(50)
  .optional()
  .describe("Thank-you screens jumps can target; thankYouMessage stays the default ending");
