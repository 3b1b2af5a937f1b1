/**
 * A dashboard session for integration tests: next-auth's credentials flow
 * over HTTP, exactly as the login form posts it.
 */
import { baseUrl } from "./api";

/** Signs in and returns the Cookie header value of the session (throws when sign-in fails). */
export async function sessionCookie(email: string, password: string, base = baseUrl()): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.includes("session-token="));
  if (!session) throw new Error(`sign-in failed: ${res.status}`);
  return session;
}

/** Headers for session requests: the cookie, and our own Origin (writes from other sites are refused). */
export const sessionHeaders = (cookie: string, base = baseUrl()) => ({ cookie, origin: base });
