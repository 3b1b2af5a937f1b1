/**
 * One sender per outbox channel. The registry is typed by the channel list,
 * so a new channel without a sender does not compile, and a row whose channel
 * is unknown is failed, never sent as another kind.
 */
import { sendOutboxEmail } from "@/lib/email/send";
import { EmailPermanent, EmailRetryable } from "@/lib/email/mailer";
import { deliverWebhookMessage, leaseMs } from "@/lib/webhooks/deliver";
import type { ClaimedMessage } from "./claim";
import type { OutboxChannel } from "./enqueue";
import { renewLease, type AttemptResult } from "./record";

export interface ChannelSender {
  /** Makes one attempt; never throws for the receiver's failures (they are results). */
  attempt(message: ClaimedMessage): Promise<AttemptResult>;
  /** At most this many attempts at once per target (webhook) per instance. */
  concurrencyKey(message: ClaimedMessage): string;
}

const email: ChannelSender = {
  async attempt(message) {
    try {
      // Renewed after composing (database reads), as a webhook does before its POST.
      await sendOutboxEmail({ id: message.id, payload: message.payload }, () => renewLease(message, leaseMs()));
      return { outcome: "succeeded" };
    } catch (error) {
      if (error instanceof EmailPermanent) return { outcome: "permanent", error: error.message };
      if (error instanceof EmailRetryable) return { outcome: "retry", error: error.message };
      return { outcome: "retry", error: error instanceof Error ? error.message : String(error) };
    }
  },
  concurrencyKey: () => "email",
};

const webhook: ChannelSender = {
  attempt: deliverWebhookMessage,
  concurrencyKey: (message) => `webhook:${message.webhookId}`,
};

export const channels = { webhook, email } satisfies Record<OutboxChannel, ChannelSender>;

export function senderOf(channel: string): ChannelSender | null {
  return Object.hasOwn(channels, channel) ? channels[channel as OutboxChannel] : null;
}
