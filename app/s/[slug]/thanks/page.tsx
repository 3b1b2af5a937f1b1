/** Where a form posted without JavaScript lands after a successful submission. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ThankYou } from "@/components/respondent/form-renderer";
import { findPublishedForm } from "@/lib/public/published-form";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const form = await findPublishedForm((await params).slug);
  return { title: form ? { absolute: form.schema.title } : "Form not found", robots: { index: false } };
}

export default async function ThanksPage({ params }: Props) {
  const form = await findPublishedForm((await params).slug);
  if (!form) notFound();
  return <ThankYou schema={form.schema} />;
}
