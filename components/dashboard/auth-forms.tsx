/**
 * The sign-in, first-owner and sign-up forms. Validated in the browser with
 * the API's own credentialsSchema; next-auth's credentials sign-in does the
 * rest (redirect: false, so errors show here and not on next-auth's page).
 *
 * With an `invitation` (the /invite/<token> page) the email is the invited
 * one, sign-up goes through the invitation (so it works while open sign-up
 * is off, and joins at once), and sign-in accepts it; then its workspace opens.
 */
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { credentialsSchema } from "@/lib/auth/credentials-schema";
import { Alert, Button, Input } from "@/components/ui";
import { acceptInvitation, openWorkspace, type InvitationTicket } from "@/components/workspaces/accept-invitation";

type CredentialsInput = z.input<typeof credentialsSchema>;
type Mode = "login" | "setup" | "signup";

const submitLabel: Record<Mode, string> = { login: "Sign in", setup: "Create owner account", signup: "Create account" };
const invitationLabel: Record<Mode, string> = { login: "Sign in and join", setup: "Create account and join", signup: "Create account and join" };

function describeSignInError(code: string): string {
  // next-auth's code for "authorize returned null"; other messages are ours (rate limit).
  if (code === "CredentialsSignin") return "The email or password is incorrect.";
  return code;
}

export function CredentialsForm({ mode, callbackUrl, invitation }: { mode: Mode; callbackUrl?: string; invitation?: InvitationTicket }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, setError: setFieldError, formState } = useForm<CredentialsInput, unknown, z.output<typeof credentialsSchema>>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: invitation?.email ?? "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  // Until React has hydrated, a submit would be the browser's own GET with the
  // password in the URL: keep the button disabled until then (and POST anyway).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    let joined: { workspace: { id: string } } | null = null;
    if (mode !== "login") {
      // With an invitation, its own sign-up creates the invited email's account and joins at once.
      const res = invitation
        ? await fetch(`/api/invitations/${encodeURIComponent(invitation.token)}/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: values.password }) })
        : await fetch("/api/setup", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(values) });
      if (res.status === 201 && invitation) joined = (await res.json()) as { workspace: { id: string } };
      if (res.status !== 201) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string; details?: { path: string; message: string }[] } } | null;
        for (const d of body?.error?.details ?? []) {
          if (d.path === "email" || d.path === "password") setFieldError(d.path, { message: d.message });
        }
        setError(body?.error?.message ?? `Could not create the account (HTTP ${res.status}).`);
        return;
      }
    }
    const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    if (!result || result.error) {
      setError(describeSignInError(result?.error ?? "Sign-in failed; try again."));
      return;
    }
    if (joined) return openWorkspace(joined.workspace.id);
    if (invitation) {
      const failure = await acceptInvitation(invitation.token);
      if (failure) setError(failure);
      return;
    }
    router.replace(safeCallbackUrl(callbackUrl));
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} method="post" noValidate className="stack">
      {error && <Alert tone="danger">{error}</Alert>}
      <Input
        label="Email"
        type="email"
        autoComplete={mode === "login" ? "username" : "email"}
        readOnly={invitation ? true : undefined}
        hint={invitation ? "The address the invitation was sent to" : undefined}
        error={errors.email?.message}
        {...register("email")}
      />
      <Input
        label="Password"
        type="password"
        autoComplete={mode === "login" ? "current-password" : "new-password"}
        hint={mode === "login" ? undefined : "At least 8 characters"}
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" loading={isSubmitting} disabled={!hydrated}>{invitation ? invitationLabel[mode] : submitLabel[mode]}</Button>
      {mode === "signup" && !invitation && <p className="small muted">Already have an account? <Link href="/login">Sign in</Link></p>}
    </form>
  );
}
