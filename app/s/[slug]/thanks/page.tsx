/**
 * Where a form posted without JavaScript lands after a successful submission:
 * the ending it reached (lib/public/ending-cookie.ts carries which one and
 * what it recalls), else the form's default thank-you — in the language the
 * form was answered in (`?lang=`, set by the post handler) or the browser's.
 */
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { ThankYou } from "@/components/respondent/form-renderer";
import { I18nProvider } from "@/components/respondent/i18n";
import { endingScreen } from "@/components/respondent/logic";
import { catalogs, translatorFor } from "@/lib/i18n/catalogs";
import { localizeSchema } from "@/lib/i18n/localize";
import { formLanguages, pickLanguage } from "@/lib/i18n/negotiate";
import { ENDING_COOKIE, readEndingCookie, recallOf } from "@/lib/public/ending-cookie";
import { findPublishedForm } from "@/lib/public/published-form";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const form = await findPublishedForm((await params).slug);
  return { title: form ? { absolute: form.schema.title } : "Form not found", robots: { index: false } };
}

export default async function ThanksPage({ params, searchParams }: Props) {
  const form = await findPublishedForm((await params).slug);
  if (!form) notFound();
  const lang = (await searchParams).lang;
  const language = pickLanguage(formLanguages(form.schema), typeof lang === "string" ? lang : null, (await headers()).get("accept-language"));
  const { schema } = localizeSchema(form.schema, language);
  const reached = readEndingCookie((await cookies()).get(ENDING_COOKIE)?.value);
  return (
    <I18nProvider value={{ language, messages: catalogs[language] }}>
      <ThankYou screen={endingScreen(schema, reached?.ending ?? null, translatorFor(language), recallOf(schema, reached))} theme={schema.theme} />
    </I18nProvider>
  );
}
