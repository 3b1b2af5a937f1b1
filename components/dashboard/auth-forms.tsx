/**
 * The sign-in, first-owner and sign-up forms. Validated in the browser with
 * the API's own credentialsSchema; next-auth's credentials sign-in does the
 * rest (redirect: false, so errors show here and not on next-auth's page).
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

type CredentialsInput = z.input<typeof credentialsSchema>;
type Mode = "login" | "setup" | "signup";

const submitLabel: Record<Mode, string> = { login: "Sign in", setup: "Create owner account", signup: "Create account" };

function describeSignInError(code: string): string {
  // next-auth's code for "authorize returned null"; other messages are ours (rate limit).
  if (code === "CredentialsSignin") return "The email or password is incorrect.";
  return code;
}

export function CredentialsForm({ mode, callbackUrl }: { mode: Mode; callbackUrl?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, setError: setFieldError, formState } = useForm<CredentialsInput, unknown, z.output<typeof credentialsSchema>>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  // Until React has hydrated, a submit would be the browser's own GET with the
  // password in the URL: keep the button disabled until then (and POST anyway).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    if (mode !== "login") {
      const res = await fetch("/api/setup", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(values) });
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
    router.replace(safeCallbackUrl(callbackUrl));
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} method="post" noValidate className="stack">
      {error && <Alert tone="danger">{error}</Alert>}
      <Input label="Email" type="email" autoComplete={mode === "login" ? "username" : "email"} error={errors.email?.message} {...register("email")} />
      <Input
        label="Password"
        type="password"
        autoComplete={mode === "login" ? "current-password" : "new-password"}
        hint={mode === "login" ? undefined : "At least 8 characters"}
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" loading={isSubmitting} disabled={!hydrated}>{submitLabel[mode]}</Button>
      {mode === "signup" && <p className="small muted">Already have an account? <Link href="/login">Sign in</Link></p>}
    </form>
  );
}
