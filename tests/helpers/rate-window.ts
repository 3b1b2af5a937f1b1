/**
 * The rate limits (lib/rate-limit.ts) count in fixed windows aligned to the
 * clock: a test's hits must not straddle a window's end, or those after it
 * count afresh. With less than `needMs` left in the current window of
 * `windowMs`, waits for the next one.
 */
export async function awayFromWindowEnd(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 500));
}
