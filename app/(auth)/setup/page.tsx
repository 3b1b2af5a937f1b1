import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setupNeeded } from "@/lib/auth/accounts";
import { CredentialsForm } from "@/components/dashboard/auth-forms";
import { Card } from "@/components/ui";

export const metadata: Metadata = { title: "Create the owner account" };
export const dynamic = "force-dynamic";

/** Only on a fresh install: once any user exists this page is gone (→ /login). */
export default async function SetupPage() {
  if (!(await setupNeeded())) redirect("/login");
  return (
    <Card>
      <h1>Create the owner account</h1>
      <p className="muted">Welcome to Formloom. This install has no account yet: the first one owns it. You will be signed in straight away.</p>
      <CredentialsForm mode="setup" />
    </Card>
  );
}
