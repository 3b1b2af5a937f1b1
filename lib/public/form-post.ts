/**
 * The respondent page as a plain HTML form (JavaScript off): its fields,
 * how they read back into answers, and the short-lived "flash" that carries
 * the answers and messages back to the page when a post fails validation.
 *
 * Field names are the question keys; the page's own fields are in ./form-fields.
 */
import { AppError } from "@/lib/http/errors";
import { BODY_LIMITS, readCappedBytes } from "@/lib/http/body";
import { NUL_MESSAGE, nulPath } from "@/lib/http/nul";
import { submitResponse } from "@/lib/responses/submit";
import { specOf } from "@/lib/question-types";
import type { Answers } from "@/lib/schema/answers";
import type { FormSchema } from "@/lib/schema/form-schema";
import { clearEndingCookie, endingCookie, reachedEnding } from "./ending-cookie";
import { errorsFromDetails, HONEYPOT_FIELD, LANGUAGE_FIELD, START_TOKEN_FIELD } from "./form-fields";
import { hasFileQuestions, readMultipartPost, withoutFiles } from "./form-post-files";
import { formLanguages } from "@/lib/i18n/negotiate";
import { findPublishedForm } from "./published-form";
import { identifyRespondent } from "./respondent";
export const FLASH_COOKIE = "fl_flash";
/** Long enough to survive the redirect, short enough not to greet a later visit. */
export const FLASH_MAX_AGE_S = 120;
const FLASH_MAX_BYTES = 3_500;

/** Answers from posted fields, read per question type (its registry entry); the answers schema then checks them. */
export function answersFromFormData(schema: Pick<FormSchema, "questions">, data: FormData): Answers {
  const answers: Answers = {};
  for (const q of schema.questions) {
    const value = specOf(q).fromFormPost(q, data);
    if (value !== undefined) answers[q.key] = value;
  }
  return answers;
}

export interface Flash {
  /** Answers to put back into the form. */
  answers: Answers;
  /** Messages per question key. */
  errors: Record<string, string>;
  /** A message for the whole form. */
  banner?: string;
  /**
   * The start token the page was opened with (lib/public/spam.ts): the page
   * shown again keeps it, so the respondent's time on the form still counts
   * and a quick second try is not taken for a bot's.
   */
  startToken?: string;
}

/** The Set-Cookie value carrying `flash` to the page at `path` (answers dropped if too long). */
export function flashCookie(flash: Flash, path: string, secure: boolean): string {
  let value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  if (value.length > FLASH_MAX_BYTES) value = Buffer.from(JSON.stringify({ ...flash, answers: {} })).toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=${path}; Max-Age=${FLASH_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const clearFlashCookie = (path: string) => `${FLASH_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The flash the page received, or null when there is none or it does not parse. */
export function readFlash(value: string | undefined): Flash | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!parsed || typeof parsed !== "object" || typeof parsed.errors !== "object" || typeof parsed.answers !== "object") return null;
    return {
      answers: parsed.answers ?? {},
      errors: parsed.errors ?? {},
      banner: typeof parsed.banner === "string" ? parsed.banner : undefined,
      startToken: typeof parsed.startToken === "string" ? parsed.startToken : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * POST /s/<slug>/submit: the page's plain HTML form (JavaScript off). The
 * rules are submitResponse's, exactly as for the API; the answer is a 303:
 * on success to the ending's redirectUrl when the ending reached has one,
 * else to ./thanks (which ending, and what it recalls, in a short-lived
 * cookie: ./ending-cookie.ts); back to the page otherwise, with the answers and
 * messages in a short-lived cookie (never in the URL: answers can be personal).
 * A browser without JavaScript never got the respondent cookie from the page
 * (its view is registered by script): this post sets it, keyed exactly as the
 * response it stores, so its next visit is the same person; and while it has
 * none, the IP + user agent fallback of "browser" one-per-person applies.
 */
export async function submitFormPost(req: Request, slug: string): Promise<Response> {
  const page = `/s/${encodeURIComponent(slug)}`;
  const secure = new URL(req.url).protocol === "https:";
  const respondent = identifyRespondent(req);
  let postedToken: string | undefined;
  // Files cannot ride back to a page without JavaScript (its file inputs start empty and it posts
  // no ids): the answers sent back leave them out, and the respondent chooses them again.
  // The page and the thanks page come back in the language the form was shown in (lib/i18n).
  let lang = "";
  const back = (flash: Flash | null) =>
    seeOther(page + lang, flash ? flashCookie({ ...flash, answers: withoutFiles(withFiles?.schema, flash.answers), startToken: postedToken }, page, secure) : null, respondent.setCookie);

  const type = req.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return plain(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  // A form with file questions posts multipart: its files are stored as they stream in (./form-post-files.ts).
  const withFiles = type.startsWith("multipart/form-data") ? await findPublishedForm(slug) : null;
  let data: FormData;
  let fileErrors: Record<string, string> = {};
  try {
    if (withFiles && hasFileQuestions(withFiles.schema)) ({ data, fileErrors } = await readMultipartPost(req, type, slug, withFiles.schema, respondent));
    else data = await readFormData(req, type);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload_too_large") return plain(413, "The form is too large to send.");
    if (error instanceof AppError && error.status < 500) return back({ answers: {}, errors: {}, banner: error.message });
    // Storage or database trouble while storing a file is ours, not the form's: a 500 with its log line.
    if (withFiles && !(error instanceof AppError)) throw error;
    return plain(400, "The form data could not be read.");
  }
  if (nulPath(Object.fromEntries(data)) !== null) return plain(400, NUL_MESSAGE);
  const token = data.get(START_TOKEN_FIELD);
  if (typeof token === "string" && token.length <= 200) postedToken = token;
  const form = withFiles ?? (await findPublishedForm(slug));
  if (!form) return back(null); // the page explains (404)
  // A translation the page was shown in is named in the URL; the form's own language needs nothing.
  const language = formLanguages(form.schema).find((l) => l === data.get(LANGUAGE_FIELD));
  if (language && language !== formLanguages(form.schema)[0]) lang = `?lang=${encodeURIComponent(language)}`;
  const answers = answersFromFormData(form.schema, data);
  // A refused file (too large, not an accepted type): said next to its question; nothing is submitted.
  if (Object.keys(fileErrors).length) return back({ answers, errors: fileErrors });
  const field = (name: string) => {
    const v = data.get(name);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  try {
    await submitResponse({ slug, respondent, answers, startToken: field(START_TOKEN_FIELD), honeypot: field(HONEYPOT_FIELD), language: field(LANGUAGE_FIELD) });
    // The same engine over the same answers as the server's: the ending it stored.
    const { reached, redirectUrl } = reachedEnding(form.schema, answers);
    if (redirectUrl) return seeOther(redirectUrl, clearFlashCookie(page), clearEndingCookie(page), respondent.setCookie);
    return seeOther(`${page}/thanks${lang}`, clearFlashCookie(page), endingCookie(reached, page, secure) ?? clearEndingCookie(page), respondent.setCookie);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "validation_failed") {
      const errors = errorsFromDetails(error.details);
      const banner = Object.keys(errors).length ? undefined : "The form could not be sent. Please reload the page and try again.";
      return back({ answers, errors, banner });
    }
    // not open / closed / full / already answered: the page itself says which.
    return back({ answers, errors: {}, banner: error.code === "rate_limited" ? RATE_LIMITED : error.message });
  }
}

const RATE_LIMITED = "Too many submissions from your network right now. Please wait a minute and send the form again.";

function seeOther(location: string, ...cookies: (string | null)[]): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) if (cookie) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

const plain = (status: number, text: string) => new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * The posted fields, read through the capped reader (413 past
 * BODY_LIMITS.formPost, however the body is sent) and only then parsed.
 */
async function readFormData(req: Request, type: string): Promise<FormData> {
  const bytes = await readCappedBytes(req, BODY_LIMITS.formPost);
  return new Response(bytes, { headers: { "content-type": type } }).formData();
}
