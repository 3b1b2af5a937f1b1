/**
 * Spam basics for submissions made from the public page: a honeypot field and
 * a minimum fill time. The page carries a signed start time (issueStartToken).
 * - A filled honeypot (a field people never see) is silently dropped: the bot
 *   sees the usual success and nothing is stored.
 * - Finishing sooner than the minimum fill time (SUBMISSION_MIN_FILL_MS, 3 s by
 *   default) after the token was issued may still be a
 *   person (a one-question poll), so the response is kept but HELD as
 *   suspected spam (reason "too_fast"): stored with its answers, counted
 *   nowhere (no analytics, no slot under maxResponses, no webhooks or emails)
 *   until the owner restores it (lib/responses/spam-hold.ts).
 * Submissions without a token — direct API clients — are accepted normally; a
 * token that does not verify is a 400, because only a tampering client sends one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/http/errors";
import { MIN_FILL_MS, type SpamReason } from "@/lib/responses/spam-state";
import { setting } from "@/lib/settings";

/** MIN_FILL_MS is SUBMISSION_MIN_FILL_MS's default; spamVerdict reads the setting, which test suites lower. */
export { MIN_FILL_MS };

function secret(): string {
  const value = process.env.AUTH_SECRET;
  // scripts/serve.mjs always sets it (from the environment or ./data/auth-secret).
  if (!value) throw new Error("AUTH_SECRET is not set");
  return value;
}

const mac = (formId: string, issued: string) => createHmac("sha256", secret()).update(`start:${formId}:${issued}`).digest("base64url");

/**
 * A token saying "the form `formId` was opened at `now`": `<ms, base 36>.<HMAC-SHA256,
 * base64url>` keyed by AUTH_SECRET, so it carries its time and cannot be forged
 * or moved to another form. Every instance with the same AUTH_SECRET accepts it.
 */
export function issueStartToken(formId: string, now: number = Date.now()): string {
  const issued = Math.floor(now).toString(36);
  return `${issued}.${mac(formId, issued)}`;
}

/** The issue time of a valid token for `formId`, or null when it does not verify. */
export function verifyStartToken(formId: string, token: string): number | null {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, issued, given] = match;
  const expected = Buffer.from(mac(formId, issued));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return parseInt(issued, 36);
}

export interface SpamSignals {
  startToken?: string;
  honeypot?: string;
}

export type SpamVerdict = { kind: "accept" } | { kind: "drop" } | { kind: "hold"; reasons: SpamReason[] };

/**
 * What to do with a submission; throws 400 for a forged token. The fill time
 * only matters when the response is being finished: a partial response starts
 * with the first answer, which can come quickly.
 */
export function spamVerdict(formId: string, signals: SpamSignals, { finishing, now = Date.now() }: { finishing: boolean; now?: number }): SpamVerdict {
  let issuedAt: number | null = null;
  if (signals.startToken !== undefined) {
    issuedAt = verifyStartToken(formId, signals.startToken);
    if (issuedAt === null) {
      throw new AppError("validation_failed", "The start token is invalid", [{ path: "startToken", message: "Invalid or not issued for this form" }]);
    }
  }
  if (signals.honeypot) return { kind: "drop" };
  if (finishing && issuedAt !== null && now - issuedAt < setting("SUBMISSION_MIN_FILL_MS")) return { kind: "hold", reasons: ["too_fast"] };
  return { kind: "accept" };
}
