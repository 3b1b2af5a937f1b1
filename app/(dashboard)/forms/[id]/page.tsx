import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { getFormForPage } from "@/lib/forms/owned-form-page";
import { Builder } from "@/components/builder/builder";

export const metadata: Metadata = { title: "Build" };

export default async function BuilderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/forms/${id}`);
  const form = await getFormForPage(user.id, id);
  return <Builder form={form} />;
}
