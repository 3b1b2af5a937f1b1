/**
 * Where a form posted without JavaScript lands after a successful submission:
 * the ending it reached (lib/public/ending-cookie.ts carries which one and
 * what it recalls), else the form's default thank-you.
 */
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { ThankYou } from "@/components/respondent/form-renderer";
import { endingScreen } from "@/components/respondent/logic";
import { ENDING_COOKIE, readEndingCookie, recallOf } from "@/lib/public/ending-cookie";
import { findPublishedForm } from "@/lib/public/published-form";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const form = await findPublishedForm((await params).slug);
  return { title: form ? { absolute: form.schema.title } : "Form not found", robots: { index: false } };
}

export default async function ThanksPage({ params }: Props) {
  const form = await findPublishedForm((await params).slug);
  if (!form) notFound();
  const reached = readEndingCookie((await cookies()).get(ENDING_COOKIE)?.value);
  return <ThankYou screen={endingScreen(form.schema, reached?.ending ?? null, recallOf(form.schema, reached))} theme={form.schema.theme} />;
}
