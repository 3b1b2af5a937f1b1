/** The API's workspace objects as the dashboard pages pass them to client components. */
import type { WorkspaceRole } from "./permissions";

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface InvitationView {
  id: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: string;
  /** Only right after creation: the token is stored hashed, so a pending invitation cannot show its link again. */
  url?: string;
  /** Only right after creation: whether the server emails the link (SMTP is configured). */
  emailed?: boolean;
}
