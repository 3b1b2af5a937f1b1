/**
 * How a response shows whether it is held as suspected spam (lib/public/spam.ts
 * decides; lib/responses/spam-hold.ts restores). Stored as Response.spamReasons:
 * a JSON array of reasons, NULL for a response that is not held. Pure (zod
 * only): the outbox thread builds webhook bodies with it.
 */
import { z } from "zod";

/** Humans do not read and answer a form in under 3 seconds; scripts do (lib/public/spam.ts holds faster ones). */
export const MIN_FILL_MS = 3_000;

/** too_fast: finished sooner than the minimum fill time after the page was loaded. */
export const spamReasons = ["too_fast"] as const;
export type SpamReason = (typeof spamReasons)[number];

/** Each reason as the dashboard tells an owner why a response is held. */
export const spamReasonText: Record<SpamReason, string> = {
  too_fast: `Finished within ${MIN_FILL_MS / 1000} seconds of the page loading: faster than people usually read and answer, though a short poll can be answered that fast.`,
};

export const spamStateSchema = z
  .object({
    suspected: z.boolean().describe("true: held as suspected spam. It counts nowhere (analytics, response count, maxResponses, webhooks, emails) until the owner restores it"),
    reasons: z.array(z.enum(spamReasons)).describe(`Why it is held (too_fast: finished sooner than ${MIN_FILL_MS / 1000} s after the page was loaded); [] when not suspected`),
  })
  .meta({ id: "SpamState" });
export type SpamState = z.output<typeof spamStateSchema>;

/** The column's value for a held response. */
export const storedSpamReasons = (reasons: readonly SpamReason[]): string => JSON.stringify(reasons);

/** The API's `spam` object from the stored column. */
export function spamState(stored: string | null | undefined): SpamState {
  if (stored === null || stored === undefined) return { suspected: false, reasons: [] };
  return { suspected: true, reasons: JSON.parse(stored) as SpamReason[] };
}

/** `spam=` on the response list and the CSV export. */
export const spamFilterSchema = z
  .enum(["exclude", "only", "include"])
  .default("exclude")
  .describe("Responses held as suspected spam: exclude (default) leaves them out, only lists just them, include lists both");
export type SpamFilter = z.output<typeof spamFilterSchema>;
