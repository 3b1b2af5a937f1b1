/** Answer-schema pieces several types share (zod/mini; browser-safe). */
import * as z from "zod/mini";
import type { Translate } from "@/lib/i18n/translator";

/**
 * Text that shows nothing: only white space (including no-break and
 * ideographic spaces) and invisible format characters (zero-width space,
 * word joiner, byte-order mark, bidi marks). It is no answer.
 */
export const isBlankText = (value: string) => /^[\p{White_Space}\p{Cf}]*$/u.test(value);

export const text = (t: Translate, max: number) => z.string().check(z.trim(), z.maxLength(max, t("vMaxChars", { max })));
export const oneOf = (options: readonly string[], message: string) => z.enum(options as [string, ...string[]], message);
export const wholeIn = (t: Translate, min: number, max: number) =>
  z.int(t("vWholeNumber")).check(z.gte(min, t("pickRange", { min, max })), z.lte(max, t("pickRange", { min, max })));
/** An "Other" text (allowOther): any non-blank text. */
export const OTHER_MAX = 500;
export const otherText = (t: Translate) =>
  z.string().check(z.trim(), z.refine((v) => !isBlankText(v), t("vEnterAnswer")), z.maxLength(OTHER_MAX, t("vMaxChars", { max: OTHER_MAX })));
export const unique = (message: string) => z.refine<string[]>((list) => new Set(list).size === list.length, message);
