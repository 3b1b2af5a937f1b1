/** The outbox's sender of the "email" channel (lib/outbox/channels.ts): composed and sent by send.ts. */
import type { ChannelSender } from "@/lib/outbox/channel-sender";
import type { ClaimedMessage } from "@/lib/outbox/claim";
import { renewLease, type AttemptResult } from "@/lib/outbox/record";
import { leaseMs } from "@/lib/webhooks/deliver";
import { EmailPermanent, EmailRetryable } from "./mailer";
import { sendOutboxEmail } from "./send";

async function attemptEmail(message: ClaimedMessage): Promise<AttemptResult> {
  try {
    // Renewed after composing (database reads), as a webhook does before its POST.
    await sendOutboxEmail({ id: message.id, payload: message.payload }, () => renewLease(message, leaseMs()));
    return { outcome: "succeeded" };
  } catch (error) {
    if (error instanceof EmailPermanent) return { outcome: "permanent", error: error.message };
    if (error instanceof EmailRetryable) return { outcome: "retry", error: error.message };
    return { outcome: "retry", error: error instanceof Error ? error.message : String(error) };
  }
}

export const emailSender: ChannelSender = {
  // Composed when sent (lib/email/send.ts), which renews the lease itself.
  prepare: async (messages) => messages.map((message) => () => attemptEmail(message)),
  concurrencyKey: () => "email",
};
