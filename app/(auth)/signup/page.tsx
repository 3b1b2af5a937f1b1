import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { setupNeeded, signupAllowed } from "@/lib/auth/accounts";
import { CredentialsForm } from "@/components/dashboard/auth-forms";
import { Card } from "@/components/ui";

export const metadata: Metadata = { title: "Create an account" };
export const dynamic = "force-dynamic";

/** Exists only when the operator sets ALLOW_SIGNUP=true. */
export default async function SignupPage() {
  if (!signupAllowed()) notFound();
  if (await setupNeeded()) redirect("/setup");
  return (
    <Card>
      <h1>Create an account</h1>
      <p className="muted">Your forms, responses and API keys are yours alone.</p>
      <CredentialsForm mode="signup" />
    </Card>
  );
}
