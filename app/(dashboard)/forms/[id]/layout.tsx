import Link from "next/link";
import type { ReactNode } from "react";
import { myWorkspaces, requireFormActor } from "@/lib/workspaces/dashboard";
import { getFormForPage } from "@/lib/forms/owned-form-page";
import { CopyButton, FormStatusBadge, TabNav } from "@/components/ui";
import { WorkspaceProvider } from "@/components/workspaces/role-context";

/**
 * One form's pages (Build, Responses, Analytics, Integrations) under its title,
 * status and public link, in the form's own workspace (whatever the switcher
 * says): its buttons follow the member's role there.
 */
export default async function FormLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireFormActor(id, `/forms/${id}`);
  const form = await getFormForPage(actor, id);
  const workspace = (await myWorkspaces(actor.userId)).find((w) => w.id === actor.workspaceId) ?? { id: actor.workspaceId, name: "", personal: false, role: actor.role };
  return (
    <WorkspaceProvider workspace={workspace}>
      <p className="small" style={{ marginBottom: 8 }}><Link href="/forms">← All forms</Link></p>
      <div className="page-header" style={{ marginBottom: 16 }}>
        <div className="stack-sm">
          <div className="row">
            <h1 data-testid="form-title">{form.title}</h1>
            <FormStatusBadge status={form.status} />
          </div>
          {form.publicUrl ? (
            <div className="row small">
              <span className="muted">Public link:</span>
              <a href={form.publicUrl} target="_blank" rel="noreferrer" className="mono" data-testid="public-link">{form.publicUrl}</a>
              <CopyButton value={form.publicUrl} absolute label="Copy link" />
            </div>
          ) : (
            <span className="small muted">Not published yet: publish it to get a public link.</span>
          )}
        </div>
      </div>
      <TabNav
        label="Form sections"
        items={[
          { href: `/forms/${id}`, label: "Build", exact: true },
          { href: `/forms/${id}/responses`, label: "Responses" },
          { href: `/forms/${id}/analytics`, label: "Analytics" },
          { href: `/forms/${id}/integrations`, label: "Integrations" },
        ]}
      />
      {children}
    </WorkspaceProvider>
  );
}
