/**
 * Where to go after signing in. Only same-site paths: an open redirect would
 * let a crafted link send an owner elsewhere right after sign-in.
 */
export function safeCallbackUrl(value: string | null | undefined): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/forms";
}
