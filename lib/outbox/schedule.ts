/**
 * When a failed message is tried again: Standard Webhooks' schedule (after
 * the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts
 * over about 27 hours), each delay with up to 10 % jitter either way so that
 * messages that failed together do not all come back together.
 *
 * WEBHOOK_RETRY_DELAYS_MS (comma-separated milliseconds) replaces the
 * schedule, e.g. for tests; the number of delays is the number of retries.
 */
import { listSetting } from "@/lib/settings";

const JITTER = 0.1;

/** The delays (the default schedule is declared in lib/settings.ts). */
export const retryDelaysMs = (env: Record<string, string | undefined> = process.env) => listSetting("WEBHOOK_RETRY_DELAYS_MS", env);

/**
 * After `attempts` attempts have failed: when to try again, or null when the
 * schedule is used up (the message is then failed).
 */
export function nextAttemptAt(attempts: number, now: Date, random = Math.random): Date | null {
  const delays = retryDelaysMs();
  const delay = delays[attempts - 1];
  if (delay === undefined) return null;
  const jittered = delay * (1 - JITTER + 2 * JITTER * random());
  return new Date(now.getTime() + Math.round(jittered));
}
