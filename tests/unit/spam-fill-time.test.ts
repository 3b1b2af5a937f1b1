/**
 * The minimum fill time of lib/public/spam.ts: 3 s unless SUBMISSION_MIN_FILL_MS says otherwise,
 * measured from the page's start token to the finish. (tests/integration/public-spam.test.ts holds
 * a too-fast finish through the server, at the default.)
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueStartToken, MIN_FILL_MS, spamVerdict } from "@/lib/public/spam";

const formId = "form-fill-time";
const verdictAfter = (elapsedMs: number, finishing = true) => {
  const now = 1_800_000_000_000;
  return spamVerdict(formId, { startToken: issueStartToken(formId, now - elapsedMs) }, { finishing, now }).kind;
};

beforeAll(() => {
  process.env.AUTH_SECRET ||= "unit-test-secret-0123456789abcdef";
});
afterEach(() => {
  delete process.env.SUBMISSION_MIN_FILL_MS;
});

describe("the minimum fill time", () => {
  it("is 3 s by default: a finish sooner is held, one at 3 s or later is accepted", () => {
    expect(MIN_FILL_MS).toBe(3_000);
    expect([verdictAfter(0), verdictAfter(2_999), verdictAfter(3_000), verdictAfter(60_000)]).toEqual(["hold", "hold", "accept", "accept"]);
  });

  it("is what SUBMISSION_MIN_FILL_MS says, read at each submission", () => {
    process.env.SUBMISSION_MIN_FILL_MS = "250";
    expect([verdictAfter(249), verdictAfter(250), verdictAfter(2_000)]).toEqual(["hold", "accept", "accept"]);
    process.env.SUBMISSION_MIN_FILL_MS = "0";
    expect(verdictAfter(0)).toBe("accept");
  });

  it("never holds a partial response for being fast, whatever the setting", () => {
    expect(verdictAfter(0, false)).toBe("accept");
  });
});
