/**
 * What a new password must be (NIST SP 800-63B): at least 8 characters that
 * show (spaces and invisible characters do not count), and not one of the
 * passwords people pick most, which every guesser tries first. The list is
 * zxcvbn-ts's common-passwords dictionary (about 49,000, all lowercase), so
 * the check ignores case, spaces and invisible characters. Server-only: the
 * list is ~380 KB, which no browser bundle should carry; the dashboard's forms
 * show the server's message.
 *
 * One policy for every way an account gets a password: /setup and sign-up,
 * sign-up through an invitation, and the admin CLI (create-user, set-password).
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { credentialsSchema } from "./credentials-schema";

export const MIN_VISIBLE_CHARACTERS = 8;

// Whitespace, format characters (zero-width, bidi controls, BOM), controls, and
// the letters and symbols that render as nothing (Hangul fillers, the blank braille pattern).
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/gu;

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"]));

export const BLANK_PASSWORD = `Use at least ${MIN_VISIBLE_CHARACTERS} characters besides spaces and invisible characters`;
export const COMMON_PASSWORD = "This is one of the most common passwords, which are guessed first: choose another";

/** Why `password` may not be used, or null when it may. */
export function passwordProblem(password: string): string | null {
  const visible = password.normalize("NFKC").replace(INVISIBLE, "");
  if ([...visible].length < MIN_VISIBLE_CHARACTERS) return BLANK_PASSWORD;
  if (commonPasswords().has(visible.toLowerCase())) return COMMON_PASSWORD;
  return null;
}

/** A new password: the shared length rules, then the policy (its message on the `password` path). */
export const newPasswordSchema = credentialsSchema.shape.password.superRefine((password, ctx) => {
  // A length the shared rules refuse already has its message.
  if (password.length < MIN_VISIBLE_CHARACTERS) return;
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Email and a new password (setup, sign-up, the admin CLI). */
export const newCredentialsSchema = credentialsSchema.extend({ password: newPasswordSchema });
export type NewCredentials = z.infer<typeof newCredentialsSchema>;
