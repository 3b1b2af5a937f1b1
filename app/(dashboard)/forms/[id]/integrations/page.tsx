import type { Metadata } from "next";
import { EmailSettings, type RecallQuestion } from "@/components/integrations/email-settings";
import { WebhooksPanel } from "@/components/integrations/webhooks-panel";
import { requireFormActor } from "@/lib/workspaces/dashboard";
import { getNotificationSettings } from "@/lib/email/notifications";
import { getFormForPage } from "@/lib/forms/owned-form-page";
import { deliveryLogRetentionDays } from "@/lib/outbox/retention";
import { questionLabel } from "@/lib/responses/view-model";

export const metadata: Metadata = { title: "Integrations" };

/** Webhooks and email notifications of one form. */
export default async function IntegrationsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireFormActor(id, `/forms/${id}/integrations`);
  const form = await getFormForPage(actor, id);
  const { notifications } = await getNotificationSettings(actor, id);
  // What the owner can recall: the draft's questions, then any only the published version still has.
  const questions = new Map<string, RecallQuestion>();
  for (const q of [...form.draft.questions, ...(form.published?.questions ?? [])]) {
    if (q.type !== "statement" && !questions.has(q.key)) questions.set(q.key, { key: q.key, label: questionLabel(q), type: q.type });
  }
  return (
    <div className="stack">
      <WebhooksPanel formId={id} retentionDays={deliveryLogRetentionDays()} />
      <EmailSettings formId={id} initial={notifications} questions={[...questions.values()]} />
    </div>
  );
}
