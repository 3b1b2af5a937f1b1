import type { Metadata } from "next";
import { requireFormActor } from "@/lib/workspaces/dashboard";
import { getFormForPage } from "@/lib/forms/owned-form-page";
import { Builder } from "@/components/builder/builder";

export const metadata: Metadata = { title: "Build" };

export default async function BuilderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireFormActor(id, `/forms/${id}`);
  const form = await getFormForPage(actor, id);
  return <Builder form={form} />;
}
