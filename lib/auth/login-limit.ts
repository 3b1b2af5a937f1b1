/**
 * Rate limits for sign-in attempts, per client IP and per email address, in
 * the database (shared by every app instance; see lib/rate-limit.ts).
 *
 * Every attempt counts, successful or not: the counters are then one atomic
 * upsert each, with no read-then-decide race that would let a burst of
 * parallel guesses through. A person signing in a few times an hour never
 * comes near the limits.
 */
import { createHash } from "node:crypto";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/rate-limit";
import { setting } from "@/lib/settings";

export const LOGIN_WINDOW_MS = 15 * 60_000;

/** Attempts per email per 15 minutes (LOGIN_RATE_LIMIT; 0 turns limits off); an IP gets 5 times as many. */
export function loginRateLimit(env: Record<string, string | undefined> = process.env): { perEmail: number; perIp: number } {
  const perEmail = setting("LOGIN_RATE_LIMIT", env);
  return { perEmail, perIp: perEmail * 5 };
}

export class LoginRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

// The email is hashed so the counters table holds no addresses.
const emailKey = (email: string) => "login:email:" + createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);

/** Counts one attempt; throws LoginRateLimitedError when the IP or the email is over its limit. */
export async function consumeLoginAttempt(email: string, headers: Headers): Promise<void> {
  const { perEmail, perIp } = loginRateLimit();
  const byIp = await consumeRateLimit(`login:ip:${clientIp(headers)}`, perIp, LOGIN_WINDOW_MS);
  const byEmail = await consumeRateLimit(emailKey(email), perEmail, LOGIN_WINDOW_MS);
  const blocked = [byIp, byEmail].filter((r) => !r.allowed);
  if (blocked.length) throw new LoginRateLimitedError(Math.max(...blocked.map((r) => r.retryAfterSeconds)));
}
