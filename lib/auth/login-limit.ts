/**
 * Rate limits for sign-in, in the database (shared by every app instance; see
 * lib/rate-limit.ts). Only failed attempts count, in three counters:
 *
 * - per email and client address (LOGIN_RATE_LIMIT): stops one client guessing
 *   one account;
 * - per email from every address (10 times as many): stops guessing one
 *   account from many addresses, loose enough that someone else's failures
 *   rarely lock its owner out;
 * - per client address over every email (5 times as many): stops one client
 *   trying many accounts.
 *
 * An attempt takes a slot in each counter before the (slow) password check,
 * one atomic upsert each, so a burst of parallel guesses cannot slip past a
 * limit; a successful sign-in gives its slots back, and so does an attempt
 * refused by a limit (it checked no password), so an attacker hammering a
 * locked pair uses up nothing of the email's own limit.
 */
import { createHash } from "node:crypto";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit, releaseRateLimit, type RateLimitResult } from "@/lib/rate-limit";
import { setting } from "@/lib/settings";

export const LOGIN_WINDOW_MS = 15 * 60_000;

/** Failures per 15 minutes: per email and address (LOGIN_RATE_LIMIT; 0 turns limits off), per email, per address. */
export function loginRateLimit(env: Record<string, string | undefined> = process.env): { perEmailAndIp: number; perEmail: number; perIp: number } {
  const perEmailAndIp = setting("LOGIN_RATE_LIMIT", env);
  return { perEmailAndIp, perEmail: perEmailAndIp * 10, perIp: perEmailAndIp * 5 };
}

export class LoginRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

// The email is hashed so the counters table holds no addresses.
const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);

export interface LoginAttempt {
  /** The password was right: the attempt does not count. */
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt as a failure until `succeeded()` is called; throws
 * LoginRateLimitedError (and counts nothing) when a counter is over its limit.
 */
export async function beginLoginAttempt(email: string, headers: Headers): Promise<LoginAttempt> {
  const { perEmailAndIp, perEmail, perIp } = loginRateLimit();
  const ip = clientIp(headers);
  const hashed = emailHash(email);
  const counters: [string, number][] = [
    [`login:email-ip:${hashed}:${ip}`, perEmailAndIp],
    [`login:email:${hashed}`, perEmail],
    [`login:ip:${ip}`, perIp],
  ];
  const taken: [string, RateLimitResult][] = [];
  for (const [key, limit] of counters) taken.push([key, await consumeRateLimit(key, limit, LOGIN_WINDOW_MS)]);
  const giveBack = () => Promise.all(taken.filter(([, r]) => r.count > 0).map(([key, r]) => releaseRateLimit(key, r.windowStart))).then(() => {});
  const blocked = taken.map(([, r]) => r).filter((r) => !r.allowed);
  if (blocked.length) {
    await giveBack();
    throw new LoginRateLimitedError(Math.max(...blocked.map((r) => r.retryAfterSeconds)));
  }
  return { succeeded: giveBack };
}
