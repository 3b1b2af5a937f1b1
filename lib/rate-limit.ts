/**
 * Fixed-window rate limits kept in the database, so that every app instance
 * of a deployment shares one count (no sticky sessions, no extra store).
 *
 * One atomic upsert per hit: `INSERT … ON CONFLICT DO UPDATE SET count = count + 1
 * RETURNING count` works the same on SQLite (≥ 3.35) and PostgreSQL; it goes
 * straight to the driver (lib/db/raw.ts): every public submission pays it.
 */
import { db } from "@/lib/db/client";
import { rawQuery, sql } from "@/lib/db/raw";
import { AppError } from "@/lib/http/errors";
import { setting } from "@/lib/settings";

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
  /** The window this hit was counted in (for releaseRateLimit). */
  windowStart: bigint;
}

/** Old windows are deleted now and then, not on every hit. */
const CLEANUP_EVERY_MS = 10 * 60_000;
let lastCleanup = 0;

/**
 * Counts one hit for `key` in the current window of `windowMs` and says
 * whether it is within `limit`. A limit of 0 or less means no limit.
 */
export async function consumeRateLimit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitResult> {
  if (limit <= 0) return { allowed: true, count: 0, retryAfterSeconds: 0, windowStart: 0n };
  const windowStart = BigInt(Math.floor(now / windowMs) * windowMs);
  const rows = await rawQuery<{ count: number | bigint }>(sql`
    INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimit"."count" + 1
    RETURNING "count"`);
  const count = Number(rows[0].count);
  if (now - lastCleanup > CLEANUP_EVERY_MS) {
    lastCleanup = now;
    // Windows are at most an hour long here; anything older is dead weight.
    void db.rateLimit.deleteMany({ where: { windowStart: { lt: BigInt(now - 60 * 60_000) } } }).catch(() => {});
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(windowStart) + windowMs - now) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds, windowStart };
}

/**
 * Gives back a hit counted by consumeRateLimit (a hit that turned out not to
 * count, such as a successful sign-in). Counting first and giving back after
 * keeps the limit exact under parallel hits, which a check-then-count would not.
 */
export async function releaseRateLimit(key: string, windowStart: bigint): Promise<void> {
  await rawQuery(sql`
    UPDATE "RateLimit" SET "count" = "count" - 1 WHERE "key" = ${key} AND "windowStart" = ${windowStart} AND "count" > 0
    RETURNING "count"`);
}

/** Public submissions (creating or updating a response) per minute per client IP. */
export const SUBMISSION_WINDOW_MS = 60_000;

/** SUBMISSION_RATE_LIMIT: a whole number ≥ 0 (0 = off; lib/settings.ts). */
export function submissionRateLimit(env: Record<string, string | undefined> = process.env): number {
  return setting("SUBMISSION_RATE_LIMIT", env);
}

/** Counts one submission from `ip`; over the limit → 429 rate_limited with Retry-After. */
export async function enforceSubmissionRateLimit(ip: string): Promise<void> {
  const limit = submissionRateLimit();
  if (limit === 0) return;
  const result = await consumeRateLimit(`submit:${ip}`, limit, SUBMISSION_WINDOW_MS);
  if (!result.allowed) {
    throw new AppError(
      "rate_limited",
      `Too many submissions from your address: at most ${limit} per minute. Try again in ${result.retryAfterSeconds} s.`,
      undefined,
      { "retry-after": String(result.retryAfterSeconds) },
    );
  }
}
