import type { Metadata } from "next";
import { listApiKeys } from "@/lib/auth/api-keys";
import { requireWorkspace } from "@/lib/workspaces/dashboard";
import { CreateKeyForm, RevokeKeyButton } from "@/components/dashboard/api-keys";
import { Badge, EmptyState, LocalTime, Table } from "@/components/ui";
import { allows, roleLabels } from "@/components/workspaces/permissions";
import { WorkspaceProvider } from "@/components/workspaces/role-context";
import { listMembers } from "@/lib/workspaces/members";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, actor, workspace } = await requireWorkspace("/keys", (await searchParams).workspaceId);
  // Admins and owners see (and revoke) everyone's keys: name each key's creator.
  const everyone = allows(workspace.role, "manageAllKeys").allowed;
  const [keys, creators] = await Promise.all([
    listApiKeys(actor),
    everyone ? listMembers(actor).then(({ members }) => new Map(members.map((m) => [m.userId, m.email]))) : null,
  ]);
  return (
    <WorkspaceProvider workspace={workspace}>
    <div className="stack">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <div>
          <h1>API keys</h1>
          <p>Keys let scripts and other services use the REST API as you (<code>Authorization: Bearer flk_…</code>) in <strong>{workspace.name}</strong>, and only there. See <a href="/api-reference">the API reference</a>.</p>
          <p className="small">
            A key can do at most what your role allows ({roleLabels[workspace.role].toLowerCase()}{workspace.role === "viewer" ? ": reading only" : ""}), and stops working if you leave the workspace.
            {everyone ? " As an admin you see every member's keys here." : " You see your own keys here."}
          </p>
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
                {creators && <th scope="col">Created by</th>}
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
                  {creators && <td>{key.createdBy === user.id ? "You" : (creators.get(key.createdBy) ?? "A former member")}</td>}
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
    </WorkspaceProvider>
  );
}
