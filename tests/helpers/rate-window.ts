/**
 * The rate limits (lib/rate-limit.ts) count in fixed windows aligned to the
 * clock: a test's hits must not straddle a window's end, or those after it
 * count afresh.
 */

/**
 * Runs `steps` (hits that must all count in one window of `windowMs`). When they fail and a window
 * ended while they ran, their hits were counted in two windows: they run once more, in the window
 * that has just begun, which has all of its length left. A failure within one window is a failure.
 * The steps must make sense run twice (fresh emails or forms, or ones whose counts the new window
 * starts again).
 */
export async function inOneWindow<T>(windowMs: number, steps: () => Promise<T>): Promise<T> {
  const window = () => Math.floor(Date.now() / windowMs);
  const started = window();
  try {
    return await steps();
  } catch (error) {
    if (window() === started) throw error;
  }
  return steps();
}

/**
 * With less than `needMs` left in the current window of `windowMs`, waits for the next one: for
 * steps that cannot run twice (inOneWindow), and short windows, where the wait is short too.
 */
export async function awayFromWindowEnd(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 500));
}
