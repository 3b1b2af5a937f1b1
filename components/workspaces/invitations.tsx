/**
 * Inviting people (email + role → a single-use link, valid 7 days, emailed
 * when the server has SMTP, and shown here once to copy) and the pending
 * invitations, each revocable. Admins and owners only: the page shows these
 * parts to them alone.
 */
"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert, Button, Card, CopyButton, EmptyState, Input, LocalTime, Select, Table } from "@/components/ui";
import { callApi, detailsByPath } from "@/components/dashboard/api";
import { ConfirmDeleteButton } from "@/components/dashboard/confirm-delete";
import { assignableRoles, roleDescriptions, roleLabels, type WorkspaceRole } from "./permissions";
import { useWorkspace } from "./role-context";
import type { InvitationView } from "./types";

export function InviteForm() {
  const router = useRouter();
  const workspace = useWorkspace();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("viewer");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<InvitationView | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    // The previous link goes, so nobody copies it for the next person.
    setCreated(null);
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) return setFields({ email: "Enter the email address of the person to invite" });
    setBusy(true);
    const res = await callApi<{ invitation: InvitationView }>("POST", `/api/workspaces/${workspace.id}/invitations`, { email: email.trim(), role });
    setBusy(false);
    if (!res.ok) {
      setFields(detailsByPath(res.error));
      return setError(res.error.message);
    }
    setCreated(res.data.invitation);
    setEmail("");
    router.refresh();
  };

  return (
    <Card title="Invite someone" titleAs="h2">
      <form onSubmit={submit} method="post" noValidate className="stack">
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="form-grid" style={{ gridTemplateColumns: "minmax(220px, 2fr) minmax(160px, 1fr)" }}>
          <Input label="Email" type="email" autoComplete="off" value={email} error={fields.email} onChange={(e) => setEmail(e.target.value)} />
          <Select
            label="Role"
            value={role}
            hint={roleDescriptions[role]}
            error={fields.role}
            options={assignableRoles(workspace.role).map((r) => ({ value: r, label: roleLabels[r] }))}
            onChange={(e) => setRole(e.target.value as WorkspaceRole)}
          />
        </div>
        <div><Button type="submit" loading={busy}>Send invitation</Button></div>
      </form>
      {created?.url && (
        <div className="stack-sm" data-testid="new-invitation" style={{ marginTop: 16 }}>
          <Alert tone="success">
            Invited {created.email} as {roleLabels[created.role].toLowerCase()}.{" "}
            {created.emailed ? "The link is on its way to them by email." : "This server sends no email: send them the link yourself."} It works once and
            expires <LocalTime value={created.expiresAt} />.
          </Alert>
          <div className="row">
            <code className="input grow" data-testid="invitation-url" style={{ display: "flex", alignItems: "center", overflowX: "auto", whiteSpace: "nowrap" }}>{created.url}</code>
            <CopyButton value={created.url} label="Copy invitation link" />
          </div>
        </div>
      )}
    </Card>
  );
}

export function PendingInvitations({ invitations }: { invitations: InvitationView[] }) {
  if (invitations.length === 0) {
    return <EmptyState headingLevel="h3" title="No pending invitations" description="Invitations appear here until they are accepted, revoked or expire." />;
  }
  return (
    <Table caption="Pending invitations">
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Expires</th>
          <th scope="col"><span className="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((inv) => (
          <tr key={inv.id} data-testid="invitation-row">
            <td style={{ fontWeight: 600 }}>{inv.email}</td>
            <td>{roleLabels[inv.role]}</td>
            <td><LocalTime value={inv.expiresAt} /></td>
            <td style={{ textAlign: "right" }}>
              <div className="row" style={{ justifyContent: "flex-end", flexWrap: "nowrap" }}>
                {inv.url && <CopyButton value={inv.url} label="Copy link" />}
                <RevokeInvitation invitation={inv} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function RevokeInvitation({ invitation }: { invitation: InvitationView }) {
  const workspace = useWorkspace();
  return (
    <ConfirmDeleteButton
      path={`/api/workspaces/${workspace.id}/invitations/${invitation.id}`}
      label="Revoke"
      ariaLabel={`Revoke the invitation for ${invitation.email}`}
      title={`Revoke the invitation for ${invitation.email}?`}
      description="The link stops working at once. You can invite them again later."
      confirmLabel="Revoke invitation"
      done={`Revoked the invitation for ${invitation.email}`}
    />
  );
}
