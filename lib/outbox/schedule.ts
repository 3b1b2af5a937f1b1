/**
 * When a failed message is tried again: Standard Webhooks' schedule (after
 * the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts
 * over about 27 hours), each delay with up to 10 % jitter either way so that
 * messages that failed together do not all come back together.
 *
 * WEBHOOK_RETRY_DELAYS_MS (comma-separated milliseconds) replaces the
 * schedule, e.g. for tests; the number of delays is the number of retries.
 */
const DEFAULT_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const JITTER = 0.1;

export function retryDelaysMs(env: Record<string, string | undefined> = process.env): number[] {
  const text = env.WEBHOOK_RETRY_DELAYS_MS?.trim();
  if (!text) return DEFAULT_DELAYS_MS;
  const delays = text.split(",").map((part) => Number(part.trim()));
  if (delays.some((d) => !Number.isFinite(d) || d < 0)) {
    throw new Error(`WEBHOOK_RETRY_DELAYS_MS must be comma-separated non-negative milliseconds, not "${text}"`);
  }
  return delays;
}

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
