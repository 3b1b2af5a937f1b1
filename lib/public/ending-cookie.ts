/**
 * The ending a form posted without JavaScript reached, carried from the post
 * (lib/public/form-post.ts) to the thanks page (app/s/[slug]/thanks) in a
 * short-lived cookie, like the flash: the ending's key, the score, and the
 * answers its title and message recall (only those, as text; never in the
 * URL: answers can be personal). The page renders the ending from the
 * published form, so the cookie can only pick among that form's endings.
 */
import { livePath, recalledKeys, safeRedirectUrl, endingOf } from "@/lib/logic/respondent";
import { answerText, recall } from "@/lib/logic/recall";
import type { FormSchema } from "@/lib/schema/form-schema";

export const ENDING_COOKIE = "fl_end";
const MAX_AGE_S = 120;
const MAX_BYTES = 3_500;
const RECALL_MAX = 500;

export interface ReachedEnding {
  /** The ending's key; null: the default ending. */
  ending: string | null;
  score: number | null;
  /** [question key, answer as text] for what the ending recalls (pairs: keys are untrusted when read back). */
  recall: [string, string][];
}

type Schema = Pick<FormSchema, "questions" | "endings" | "thankYouMessage">;

/** Where finishing these answers leads: the ending reached, and its redirect (an http(s) URL) if it has one. */
export function reachedEnding(schema: Schema, answers: Record<string, unknown>): { reached: ReachedEnding; redirectUrl: string | null } {
  const live = livePath(schema, answers);
  const ending = endingOf(schema, live.path.ending);
  const texts = ending ? [ending.title, ending.message] : [schema.thankYouMessage];
  const keys = new Set(texts.flatMap((t) => recalledKeys(t)));
  const pairs: [string, string][] = [];
  for (const key of keys) {
    if (Object.hasOwn(live.answers, key)) pairs.push([key, answerText(live.answers[key]).slice(0, RECALL_MAX)]);
  }
  return { reached: { ending: live.path.ending, score: live.path.score, recall: pairs }, redirectUrl: safeRedirectUrl(ending?.redirectUrl) };
}

/** The Set-Cookie value (recalled answers dropped if too long), or null when there is nothing to carry. */
export function endingCookie(reached: ReachedEnding, path: string, secure: boolean): string | null {
  if (reached.ending === null && reached.score === null && reached.recall.length === 0) return null;
  let value = Buffer.from(JSON.stringify(reached)).toString("base64url");
  if (value.length > MAX_BYTES) value = Buffer.from(JSON.stringify({ ...reached, recall: [] })).toString("base64url");
  return `${ENDING_COOKIE}=${value}; Path=${path}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const clearEndingCookie = (path: string) => `${ENDING_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The cookie read back (null: none, or it does not parse). */
export function readEndingCookie(value: string | undefined): ReachedEnding | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!parsed || typeof parsed !== "object") return null;
    const ending = typeof parsed.ending === "string" ? parsed.ending : null;
    const score = typeof parsed.score === "number" && Number.isFinite(parsed.score) ? parsed.score : null;
    const pairs: [string, string][] = Array.isArray(parsed.recall)
      ? parsed.recall.filter((p: unknown): p is [string, string] => Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && typeof p[1] === "string")
      : [];
    return { ending, score, recall: pairs };
  } catch {
    return null;
  }
}

/** Recall over what the cookie carried, for the published form's keys only. */
export function recallOf(schema: Pick<FormSchema, "questions">, reached: ReachedEnding | null): (text: string) => string {
  const keys = new Set(schema.questions.map((q) => q.key));
  const answers = new Map((reached?.recall ?? []).filter(([key]) => keys.has(key)));
  return (text) => recall(text, { keys, answers, score: reached?.score ?? null });
}
