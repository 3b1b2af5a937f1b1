/**
 * The public form, served without the Next.js client runtime: the whole HTML
 * document is rendered here by React on the server (components/respondent/ssr.tsx,
 * built by scripts/build-respondent.ts), and the only script is the
 * respondent bundle (Preact, ~30 KB gzip). Title, description and every
 * question are in the HTML, so it shows at once and works without JavaScript:
 * the same markup posts to ./submit as a plain HTML form.
 *
 * The proxy (proxy.ts) still runs first: the CSP with this request's nonce is
 * on the response, and the nonce on our <script> and <style>.
 */
import type { NextRequest } from "next/server";
import type { FormPageInput } from "@/components/respondent/ssr";
import { NONCE_HEADER, newNonce, pageCsp } from "@/lib/http/security-headers";
import { pageLanguages, type PageLanguage } from "@/lib/i18n/languages";
import { localizeSchema, type ItemLabels } from "@/lib/i18n/localize";
import { formLanguages, pickLanguage } from "@/lib/i18n/negotiate";
import { parsedMessages } from "@/lib/i18n/page-messages";
import { FLASH_COOKIE, readFlash } from "@/lib/public/form-post";
import { availability, findPublishedForm } from "@/lib/public/published-form";
import { respondentBundle } from "@/lib/public/respondent-bundle";
import { hasAnswered, respondentOf } from "@/lib/public/respondent-status";
import { issueStartToken, verifyStartToken } from "@/lib/public/spam";

export const dynamic = "force-dynamic";

/** The server accepts hidden values up to 500 characters; longer ones are cut rather than refused. */
const HIDDEN_MAX = 500;

// Without JavaScript logic cannot run in the page: every question shows (the
// ones logic may hide sit in .fl-cond boxes, see components/respondent/form-renderer.tsx)
// and the server applies the logic to what is posted.
const SHOW_CONDITIONAL_CSS = ".fl-cond[hidden]{display:block!important}";

// Without JavaScript an immersive form cannot move between steps: show every
// step at once, like the classic layout, with the one submit button at the end.
const NO_SCRIPT_CSS =
  SHOW_CONDITIONAL_CSS +
  ".fl-immersive .fl-step[hidden]{display:block!important}.fl-immersive .fl-steps{display:block;max-width:40rem;margin:0 auto}" +
  ".fl-immersive .fl-step{margin-bottom:2.5rem}.fl-js,.fl-progress,.fl-key,.fl-keyhint{display:none!important}";

// Controls that need JavaScript (ranking's move buttons, "Keep this order") step aside in classic mode too.
const CLASSIC_NO_SCRIPT_CSS = SHOW_CONDITIONAL_CSS + ".fl-js{display:none!important}";

/** The page's words in `language`, parsed for the browser (lib/i18n/page-messages.ts). */
const i18nOf = (language: PageLanguage, labels?: ItemLabels) => ({ language, messages: parsedMessages(language), ...(labels ? { labels } : {}) });

/**
 * The page with its CSP (proxy.ts leaves this path's to us): the proxy's nonce,
 * and frame-ancestors from the form's allowedEmbedOrigins (any site when
 * there is no form to ask).
 */
const page = (request: NextRequest, input: Omit<FormPageInput, "assets" | "nonce">, status = 200, embedOrigins: string[] | null = null) => {
  const { assets, renderFormPage } = respondentBundle();
  const nonce = request.headers.get(NONCE_HEADER) ?? newNonce();
  return new Response(renderFormPage({ ...input, nonce, assets }), {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": pageCsp(nonce, request.nextUrl.pathname, process.env.NODE_ENV === "development", embedOrigins),
      // Per request: a nonce, a start token, who has answered.
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
    },
  });
};

export async function GET(request: NextRequest, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const form = await findPublishedForm(slug);
  const query = request.nextUrl.searchParams;
  const acceptLanguage = request.headers.get("accept-language");
  if (!form) {
    const language = pickLanguage(["en", ...pageLanguages.filter((l) => l !== "en")], query.get("lang"), acceptLanguage);
    return page(request, { title: "Form not found · Formloom", notice: { kind: "not_found" }, i18n: i18nOf(language) }, 404);
  }
  // ?lang= or Accept-Language, among the form's own language and its translations.
  const language = pickLanguage(formLanguages(form.schema), query.get("lang"), acceptLanguage);
  const { schema, labels } = localizeSchema(form.schema, language);
  const i18n = i18nOf(language, labels);
  const { title, theme } = schema;
  const description = schema.description?.slice(0, 200);
  const embedOrigins = form.allowedEmbedOrigins;

  const state = availability(form);
  if (state === "not_open" || state === "closed") return page(request, { title, description, i18n, notice: { kind: state, title, opensAt: form.startAt, theme } }, 200, embedOrigins);
  const flash = readFlash(request.cookies.get(FLASH_COOKIE)?.value);
  const hiddenValues: Record<string, string> = {};
  for (const q of schema.questions) {
    if (q.type !== "hidden") continue;
    const value = query.get(q.key) ?? (flash?.answers[q.key] as string | undefined);
    if (typeof value === "string" && value !== "") hiddenValues[q.key] = value.slice(0, HIDDEN_MAX);
  }

  // Someone who already answered (this browser, or this invite link) hears
  // that, even when the form has since filled up.
  if (await hasAnswered(form, respondentOf(request.headers), hiddenValues)) {
    return page(request, { title, description, i18n, notice: { kind: "already_responded", title, theme } }, 200, embedOrigins);
  }
  if (state === "full") return page(request, { title, description, i18n, notice: { kind: "full", title, theme } }, 200, embedOrigins);

  return page(request, {
    title,
    description,
    i18n,
    noScriptCss: schema.mode === "immersive" ? NO_SCRIPT_CSS : CLASSIC_NO_SCRIPT_CSS,
    form: {
      schema,
      slug,
      storageKey: `${slug}@${form.version}`,
      // After a failed no-JS post, the token the page was first opened with (when it verifies).
      startToken: flash?.startToken && verifyStartToken(form.formId, flash.startToken) !== null ? flash.startToken : issueStartToken(form.formId),
      hiddenValues,
      initialAnswers: flash?.answers,
      initialErrors: flash?.errors,
      initialBanner: flash?.banner,
      action: `/s/${encodeURIComponent(slug)}/submit`,
      i18n,
    },
  }, 200, embedOrigins);
}
