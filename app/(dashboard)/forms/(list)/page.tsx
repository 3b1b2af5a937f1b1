import type { Metadata } from "next";
import Link from "next/link";
import { requireWorkspace } from "@/lib/workspaces/dashboard";
import { listForms } from "@/lib/forms/forms";
import { listTemplates } from "@/lib/templates/templates";
import { FormRowActions } from "@/components/dashboard/form-row-actions";
import { NewFormButton } from "@/components/dashboard/new-form-dialog";
import { CopyButton, EmptyState, FormStatusBadge, LocalTime, Table } from "@/components/ui";
import { WorkspaceProvider } from "@/components/workspaces/role-context";

export const metadata: Metadata = { title: "Forms" };

export default async function FormsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor, workspace } = await requireWorkspace("/forms", (await searchParams).workspaceId);
  const [forms, templates] = [await listForms(actor.workspaceId), listTemplates()];
  return (
    // The page's own workspace (?workspaceId= may name another than the switcher's): "New form" creates there.
    <WorkspaceProvider workspace={workspace}>
      <div className="page-header">
        <div>
          <h1>Forms</h1>
          <p>The forms of <strong>{workspace.name}</strong>: build one, publish it, and read what people answer.</p>
        </div>
        {forms.length > 0 && <NewFormButton templates={templates} />}
      </div>
      {forms.length === 0 ? (
        <EmptyState
          title="No forms yet"
          description="Create your first form from scratch, or start from a template and adapt it."
          action={<NewFormButton templates={templates} label="Create your first form" />}
        />
      ) : (
        <Table caption={`Forms in ${workspace.name}`}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">Responses</th>
              <th scope="col">Last updated</th>
              <th scope="col">Public link</th>
              <th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr key={form.id}>
                <td><Link href={`/forms/${form.id}`} style={{ fontWeight: 600 }}>{form.title}</Link></td>
                <td><FormStatusBadge status={form.status} /></td>
                <td className="num"><Link href={`/forms/${form.id}/responses`} aria-label={`${form.responseCount} responses to ${form.title}`}>{form.responseCount}</Link></td>
                <td><LocalTime value={form.updatedAt} /></td>
                <td>
                  {form.publicUrl ? (
                    <div className="row" style={{ flexWrap: "nowrap" }}>
                      <a href={form.publicUrl} target="_blank" rel="noreferrer" className="mono small">{form.publicUrl}</a>
                      <CopyButton value={form.publicUrl} absolute label="Copy" />
                    </div>
                  ) : (
                    <span className="muted small">Not published</span>
                  )}
                </td>
                <td><FormRowActions id={form.id} title={form.title} responseCount={form.responseCount} /></td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </WorkspaceProvider>
  );
}
