/**
 * Server-side dashboard sessions. The cookie is a signed next-auth JWT, which
 * alone would stay valid until it expires (30 days) whatever happens. Each
 * sign-in therefore also writes a Session row whose id rides in the JWT as
 * `sid`; every authenticated request looks the row up by primary key.
 *
 * One row per sign-in (not a version number on the user) so that signing out
 * on one device ends that device's session only, while a password change
 * ends them all.
 */
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Like next-auth's updateAge: a session in use is extended at most once a day, not written on every request. */
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

const expiry = (from: number) => new Date(from + SESSION_MAX_AGE_S * 1000);

/** Starts a session for a user who just signed in; returns its id (the JWT's `sid`). */
export async function startSession(userId: string): Promise<string> {
  // 128 random bits. The JWT's signature is what authenticates; the id only
  // names the row, but it should not be guessable all the same.
  const id = randomBytes(16).toString("base64url");
  const now = Date.now();
  // Housekeeping on the way in: this user's expired rows go.
  await db.session.deleteMany({ where: { userId, expiresAt: { lt: new Date(now) } } });
  await db.session.create({ data: { id, userId, expiresAt: expiry(now) } });
  return id;
}

/**
 * The user id when the token's session is still live, else null. Tokens
 * without a `sid` (issued before sessions were stored) count as ended.
 */
export async function liveSessionUserId(token: { sub?: unknown; sid?: unknown } | null | undefined): Promise<string | null> {
  if (typeof token?.sid !== "string" || typeof token.sub !== "string") return null;
  const row = await db.session.findUnique({ where: { id: token.sid } });
  const now = Date.now();
  if (!row || row.userId !== token.sub || row.expiresAt.getTime() <= now) return null;
  if (row.expiresAt.getTime() - now < SESSION_MAX_AGE_S * 1000 - EXTEND_AFTER_MS) {
    // updateMany: a concurrent sign-out may have deleted the row meanwhile; then nothing happens.
    await db.session.updateMany({ where: { id: row.id }, data: { expiresAt: expiry(now) } });
  }
  return row.userId;
}

/** Sign-out: ends this one session (other devices stay signed in). */
export async function endSession(sid: unknown): Promise<void> {
  if (typeof sid === "string") await db.session.deleteMany({ where: { id: sid } });
}
