/**
 * The public form. Server-rendered in full (title, description and every
 * question are in the HTML), so it shows at once and works without
 * JavaScript: the same markup posts to ./submit as a plain HTML form.
 */
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { FormNotice } from "@/components/respondent/form-notice";
import { FormRenderer } from "@/components/respondent/form-renderer";
import { NONCE_HEADER } from "@/lib/http/security-headers";
import { FLASH_COOKIE, readFlash } from "@/lib/public/form-post";
import { availability, findPublishedForm } from "@/lib/public/published-form";
import { hasAnswered, respondentOf } from "@/lib/public/respondent-status";
import { issueStartToken } from "@/lib/public/spam";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

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

// One lookup per request, shared by the metadata and the page.
const publishedForm = cache((slug: string) => findPublishedForm(slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const form = await publishedForm((await params).slug);
  if (!form) return { title: "Form not found", robots: { index: false } };
  return { title: { absolute: form.schema.title }, description: form.schema.description?.slice(0, 200) };
}

export default async function PublicFormPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const form = await publishedForm(slug);
  if (!form) notFound();
  const { schema } = form;

  const state = availability(form);
  if (state === "not_open" || state === "closed") return <FormNotice kind={state} title={schema.title} opensAt={form.startAt} />;
  const flash = readFlash((await cookies()).get(FLASH_COOKIE)?.value);
  const query = await searchParams;
  const hiddenValues: Record<string, string> = {};
  for (const q of schema.questions) {
    if (q.type !== "hidden") continue;
    const given = query[q.key];
    const value = Array.isArray(given) ? given[0] : given ?? (flash?.answers[q.key] as string | undefined);
    if (typeof value === "string" && value !== "") hiddenValues[q.key] = value.slice(0, HIDDEN_MAX);
  }

  // Someone who already answered (this browser, or this invite link) hears
  // that, even when the form has since filled up.
  if (await hasAnswered(form, respondentOf(await headers()), hiddenValues)) {
    return <FormNotice kind="already_responded" title={schema.title} />;
  }
  if (state === "full") return <FormNotice kind="full" title={schema.title} />;

  // The CSP lets an inline <style> apply only with this request's nonce.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <>
      <noscript><style nonce={nonce}>{schema.mode === "immersive" ? NO_SCRIPT_CSS : CLASSIC_NO_SCRIPT_CSS}</style></noscript>
      <FormRenderer
        schema={schema}
        slug={slug}
        startToken={issueStartToken(form.formId)}
        hiddenValues={hiddenValues}
        initialAnswers={flash?.answers}
        initialErrors={flash?.errors}
        initialBanner={flash?.banner}
        action={`/s/${encodeURIComponent(slug)}/submit`}
      />
    </>
  );
}
