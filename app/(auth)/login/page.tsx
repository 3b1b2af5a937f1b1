import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { setupNeeded, signupAllowed } from "@/lib/auth/accounts";
import { currentUser } from "@/lib/auth/require-user";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { CredentialsForm } from "@/components/dashboard/auth-forms";
import { Card } from "@/components/ui";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const raw = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackUrl(Array.isArray(raw) ? raw[0] : raw);
  if (await setupNeeded()) redirect("/setup");
  if (await currentUser()) redirect(callbackUrl);
  return (
    <Card>
      <h1>Sign in</h1>
      <p className="muted">Sign in to build forms and read their responses.</p>
      <CredentialsForm mode="login" callbackUrl={callbackUrl} />
      {signupAllowed() && <p className="small muted" style={{ marginTop: 16 }}>No account yet? <Link href="/signup">Create one</Link></p>}
    </Card>
  );
}
