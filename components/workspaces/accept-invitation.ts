/**
 * Accepting an invitation from the browser with the signed-in session:
 * POST /api/invitations/<token>/accept, then its workspace becomes the
 * current one and its forms open. Shared by the invitation page's "Join"
 * button and its sign-in / sign-up forms.
 */
import { callApi } from "@/components/dashboard/api";
import { openWorkspace } from "@/lib/workspaces/current-cookie";

export { openWorkspace };

export interface InvitationTicket {
  token: string;
  email: string;
}

/** Navigates away on success; otherwise returns the message to show. */
export async function acceptInvitation(token: string): Promise<string | null> {
  const res = await callApi<{ workspace: { id: string } }>("POST", `/api/invitations/${encodeURIComponent(token)}/accept`);
  if (!res.ok) {
    return res.status === 404
      ? "This invitation can no longer be used: it may have expired, been used or revoked, or be meant for another account."
      : res.error.message;
  }
  openWorkspace(res.data.workspace.id);
  return null;
}
