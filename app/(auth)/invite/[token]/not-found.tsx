import Link from "next/link";
import { Card } from "@/components/ui";

/**
 * Every invitation link that cannot be used (unknown, expired, used or
 * revoked): one page, as the API's one 404, since the server does not keep
 * apart what a guessed token could learn from.
 */
export default function InvitationNotFound() {
  return (
    <Card>
      <h1>This invitation cannot be used</h1>
      <p className="muted">
        The link may have expired (invitations last 7 days), been used already, or been revoked. Ask the person who invited you for a new
        invitation.
      </p>
      <p className="small"><Link href="/login">Sign in</Link></p>
    </Card>
  );
}
