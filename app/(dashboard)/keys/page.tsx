import type { Metadata } from "next";
import { listApiKeys } from "@/lib/auth/api-keys";
import { requireWorkspace } from "@/lib/workspaces/dashboard";
import { CreateKeyForm, RevokeKeyButton } from "@/components/dashboard/api-keys";
import { Badge, EmptyState, LocalTime, Table } from "@/components/ui";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireWorkspace("/keys", (await searchParams).workspaceId);
  const keys = await listApiKeys(actor);
  return (
    <div className="stack">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <div>
          <h1>API keys</h1>
          <p>Keys let scripts and other services use the REST API as you (<code>Authorization: Bearer flk_…</code>). See <a href="/api/openapi.json">the API reference</a>.</p>
        </div>
      </div>
      <CreateKeyForm />
      <section className="stack-sm" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Active keys</h2>
        {keys.length === 0 ? (
          <EmptyState headingLevel="h3" title="No API keys" description="Create a key above to call the API from a script or another service." />
        ) : (
          <Table caption="Active API keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scope</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td style={{ fontWeight: 600 }}>{key.name}</td>
                  <td><code>{key.keyPrefix}…</code></td>
                  <td>{key.scope === "write" ? <Badge tone="warning">Write</Badge> : <Badge tone="info">Read</Badge>}</td>
                  <td><LocalTime value={key.createdAt} /></td>
                  <td><LocalTime value={key.lastUsedAt} fallback="Never" /></td>
                  <td style={{ textAlign: "right" }}><RevokeKeyButton id={key.id} name={key.name} /></td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
