/**
 * Pieces the types' definition schemas share (classic zod: the API, the
 * builder and the OpenAPI document use them; the respondent page does not).
 */
import { z } from "zod";
import { nonBlankText, uniqueItems } from "@/lib/schema/constraints";
import { logicFields } from "@/lib/logic/schema";

export { questionKeySchema } from "./key";
import { questionKeySchema } from "./key";

/**
 * Immersive mode shows consecutive questions with the same `group` on one
 * screen (a question group / page); classic mode shows every question anyway.
 * A name, not a divider item, so the questions list stays flat.
 */
export const groupSchema = questionKeySchema.describe("Consecutive questions with the same group share one screen in immersive mode");

export const base = {
  key: questionKeySchema,
  title: nonBlankText("A question needs a title").max(500),
  description: z.string().max(2000).optional(),
  required: z.boolean().optional(),
  group: groupSchema.optional(),
  ...logicFields,
};
export const placeholder = z.string().max(200).optional();
export const optionList = uniqueItems(
  z.array(nonBlankText("An option cannot be empty").max(200)).min(1, "Add at least one option").max(100),
  "Options must be unique",
);
/** single-choice, multiple-choice, dropdown. */
export const choiceExtras = {
  allowOther: z.boolean().optional().describe("Adds an \"Other\" choice with a free-text answer"),
  randomize: z.boolean().optional().describe("Shows the options in a random order per respondent (stored answers are unaffected)"),
};
export const scaleLabels = { minLabel: z.string().max(60).optional(), maxLabel: z.string().max(60).optional() };
export const isoDate = z.iso.date();
/** "HH:MM", 24 h. */
export const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const timeOfDay = z.string().regex(TIME_PATTERN, "Use HH:MM (24 h)");
