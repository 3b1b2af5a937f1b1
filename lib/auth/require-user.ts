/**
 * The signed-in dashboard user for server components and server actions.
 * Pages call it first; without a session they redirect to the sign-in page.
 */
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./session";

export interface SessionUser {
  id: string;
  email: string;
}

/** The session's user, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  const user = session?.user as { id?: string; email?: string | null } | undefined;
  return user?.id ? { id: user.id, email: user.email ?? "" } : null;
}

/** The session's user; redirects to /login (then back to `returnTo`) without one. */
export async function requireUser(returnTo?: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(returnTo ? `/login?callbackUrl=${encodeURIComponent(returnTo)}` : "/login");
  return user;
}
