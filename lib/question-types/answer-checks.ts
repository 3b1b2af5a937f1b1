/** Answer-schema pieces several types share (zod/mini; browser-safe). */
import * as z from "zod/mini";

export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`));
export const oneOf = (options: readonly string[], message: string) => z.enum(options as [string, ...string[]], message);
export const wholeIn = (min: number, max: number) =>
  z.int("Pick a whole number").check(z.gte(min, `Pick ${min} to ${max}`), z.lte(max, `Pick ${min} to ${max}`));
/** An "Other" text (allowOther): any non-blank text. */
export const OTHER_MAX = 500;
export const otherText = () => z.string().check(z.trim(), z.minLength(1, "Enter your answer"), z.maxLength(OTHER_MAX, `At most ${OTHER_MAX} characters`));
export const unique = (message: string) => z.refine<string[]>((list) => new Set(list).size === list.length, message);
