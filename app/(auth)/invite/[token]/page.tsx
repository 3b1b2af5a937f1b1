import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CredentialsForm } from "@/components/dashboard/auth-forms";
import { Card } from "@/components/ui";
import { JoinButton, SignOutAndReturn } from "@/components/workspaces/invitation-actions";
import { roleDescriptions, roleLabels } from "@/components/workspaces/permissions";
import { currentUser } from "@/lib/auth/require-user";
import { describeInvitation } from "@/lib/workspaces/invitations";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/**
 * An invitation link. Signed in as the invited email: join with one click.
 * Signed out: sign in (the account exists) or create the account (it does
 * not: the invitation allows it even when open sign-up is off), then join.
 * Another account, or a link that is unknown, expired, used or revoked: a
 * page that says so (the API answers all of these with the same 404).
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, user] = await Promise.all([describeInvitation(token), currentUser()]);
  // ./not-found.tsx says so, with a 404 status.
  if (!invitation) notFound();
  const role = roleLabels[invitation.role].toLowerCase();
  const intro = (
    <>
      <h1>Join {invitation.workspaceName}</h1>
      <p className="muted">
        You are invited to the Formloom workspace <strong>{invitation.workspaceName}</strong> as {role === "admin" || role === "editor" ? "an" : "a"} <strong>{role}</strong>
        <span className="small"> ({roleDescriptions[invitation.role].toLowerCase()})</span>.
      </p>
    </>
  );

  if (user && user.email !== invitation.email) {
    return (
      <Card>
        <h1>This invitation is for another account</h1>
        <p className="muted">
          It was sent to <strong>{invitation.email}</strong>, and you are signed in as <strong>{user.email}</strong>. Sign out, then open the
          link again to sign in or create the account for {invitation.email}.
        </p>
        <div className="row">
          <SignOutAndReturn />
          <Link href="/forms">Back to your forms</Link>
        </div>
      </Card>
    );
  }

  return (
    <Card>
      {intro}
      {user ? (
        <JoinButton token={token} workspaceName={invitation.workspaceName} />
      ) : invitation.accountExists ? (
        <>
          <p className="small">Sign in as {invitation.email} to join.</p>
          <CredentialsForm mode="login" invitation={{ token, email: invitation.email }} />
        </>
      ) : (
        <>
          <p className="small">Create your account to join: choose a password for {invitation.email}.</p>
          <CredentialsForm mode="signup" invitation={{ token, email: invitation.email }} />
        </>
      )}
    </Card>
  );
}
