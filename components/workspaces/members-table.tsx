/**
 * The members page's table: each member with their role (admins and owners
 * change it, never above their own), Remove for admins and owners, and Leave
 * on the signed-in member's own row. The last owner can neither leave nor
 * be demoted: the API refuses it and says why, shown here.
 */
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge, Button, ConfirmDialog, LocalTime, Select, Table, useToast } from "@/components/ui";
import { callApi } from "@/components/dashboard/api";
import { rememberWorkspace } from "@/lib/workspaces/current-cookie";
import { allows, assignableRoles, atLeast, roleLabels, type WorkspaceRole } from "./permissions";
import { GuardedButton, useWorkspace } from "./role-context";
import type { MemberView } from "./types";

export function MembersTable({ members, selfId }: { members: MemberView[]; selfId: string }) {
  return (
    <Table caption="Members of this workspace">
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Role</th>
          <th scope="col">Joined</th>
          <th scope="col"><span className="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => <MemberRow key={m.userId} member={m} self={m.userId === selfId} />)}
      </tbody>
    </Table>
  );
}

const who = (m: MemberView) => m.name || m.email;

function MemberRow({ member, self }: { member: MemberView; self: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const workspace = useWorkspace();
  const [role, setRole] = useState<WorkspaceRole>(member.role);
  const [saving, setSaving] = useState(false);
  const [roleError, setRoleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  // Admins manage members up to their own role; an owner's role is only an owner's to change.
  const manage = allows(workspace.role, "manageMembers").allowed && atLeast(workspace.role, member.role);
  const base = `/api/workspaces/${workspace.id}/members/${member.userId}`;

  const saveRole = async () => {
    setSaving(true);
    setRoleError(null);
    const res = await callApi("PATCH", base, { role });
    setSaving(false);
    if (!res.ok) return setRoleError(res.error.message);
    toast(`${who(member)} is now ${roleLabels[role].toLowerCase()}`);
    router.refresh();
  };

  const remove = async () => {
    setRemoving(true);
    setRemoveError(null);
    const res = await callApi("DELETE", base);
    setRemoving(false);
    if (!res.ok) return setRemoveError(res.error.message);
    setConfirming(false);
    if (self) {
      // Gone from this workspace: back to the personal one.
      rememberWorkspace("");
      window.location.assign("/forms");
      return;
    }
    toast(`Removed ${who(member)}`);
    router.refresh();
  };

  return (
    <tr data-testid="member-row" data-email={member.email}>
      <td>
        <div style={{ fontWeight: 600 }}>{who(member)}{self && <span className="muted small"> (you)</span>}</div>
        {member.name && <div className="small muted">{member.email}</div>}
      </td>
      <td>
        {manage ? (
          <div className="stack-sm">
            <div className="row" style={{ flexWrap: "nowrap" }}>
              <Select
                label={`Role of ${who(member)}`}
                hideLabel
                value={role}
                disabled={saving}
                options={assignableRoles(workspace.role).map((r) => ({ value: r, label: roleLabels[r] }))}
                onChange={(e) => setRole(e.target.value as WorkspaceRole)}
              />
              {role !== member.role && <Button size="sm" loading={saving} onClick={saveRole} aria-label={`Save the role of ${who(member)}`}>Save</Button>}
            </div>
            {roleError && <span className="field-error" role="alert">{roleError}</span>}
          </div>
        ) : (
          <Badge tone={member.role === "owner" ? "info" : "neutral"}>{roleLabels[member.role]}</Badge>
        )}
      </td>
      <td><LocalTime value={member.joinedAt} /></td>
      <td style={{ textAlign: "right" }}>
        {self ? (
          // A personal workspace's user stays its owner (the API refuses it).
          !workspace.personal && <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>Leave workspace</Button>
        ) : (
          <GuardedButton action="manageMembers" variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${who(member)}`}>Remove</GuardedButton>
        )}
        <ConfirmDialog
          open={confirming}
          title={self ? `Leave “${workspace.name}”?` : `Remove ${who(member)}?`}
          description={
            self
              ? "You lose access to its forms, responses and API keys; your keys here stop working. An admin can invite you again."
              : "They lose access at once, and the API keys they created in this workspace stop working."
          }
          confirmLabel={self ? "Leave workspace" : "Remove member"}
          busy={removing}
          error={removeError}
          onConfirm={remove}
          onCancel={() => { setConfirming(false); setRemoveError(null); }}
        />
      </td>
    </tr>
  );
}
