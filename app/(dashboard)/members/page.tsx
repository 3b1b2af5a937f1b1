import type { Metadata } from "next";
import { Alert } from "@/components/ui";
import { InviteForm, PendingInvitations } from "@/components/workspaces/invitations";
import { MembersTable } from "@/components/workspaces/members-table";
import { allows, roleLabels } from "@/components/workspaces/permissions";
import { WorkspaceSettings } from "@/components/workspaces/workspace-settings";
import { requireWorkspace } from "@/lib/workspaces/dashboard";
import { listInvitations } from "@/lib/workspaces/invitations";
import { listMembers } from "@/lib/workspaces/members";

export const metadata: Metadata = { title: "Members" };

/** The current workspace's members; admins and owners also invite, revoke invitations and change roles. */
export default async function MembersPage() {
  const { user, workspace, actor } = await requireWorkspace("/members");
  const manage = allows(workspace.role, "manageMembers");
  const [{ members }, invitations] = await Promise.all([listMembers(actor), manage.allowed ? listInvitations(actor).then((r) => r.invitations) : null]);
  return (
    <div className="stack">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <div>
          <h1>Members</h1>
          <p>Who works in <strong>{workspace.name}</strong>, and what each may do. You are {roleLabels[workspace.role].toLowerCase()} here.</p>
        </div>
      </div>
      {workspace.personal && members.length === 1 && (
        <Alert tone="info">This is your personal workspace. Invite people to share its forms, or create a team workspace from the switcher at the top.</Alert>
      )}
      {manage.allowed ? <InviteForm /> : <p className="muted small" style={{ margin: 0 }}>{manage.reason}</p>}
      <section className="stack-sm" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <MembersTable members={members} selfId={user.id} />
      </section>
      {invitations && (
        <section className="stack-sm" aria-labelledby="invitations-heading">
          <h2 id="invitations-heading">Pending invitations</h2>
          <PendingInvitations invitations={invitations} />
        </section>
      )}
      {allows(workspace.role, "manageWorkspace").allowed && <WorkspaceSettings />}
    </div>
  );
}
