/**
 * One sender per outbox channel. The registry is typed by the channel list,
 * so a new channel without a sender does not compile, and a row whose channel
 * is unknown is failed, never sent as another kind.
 */
import { sendOutboxEmail } from "@/lib/email/send";
import { EmailPermanent, EmailRetryable } from "@/lib/email/mailer";
import { leaseMs, prepareWebhookAttempts, type PreparedAttempt } from "@/lib/webhooks/deliver";
import { dropQueuedPosts } from "@/lib/webhooks/post-thread";
import type { ClaimedMessage } from "./claim";
import type { OutboxChannel } from "./enqueue";
import { renewLease, type AttemptResult } from "./record";

export interface ChannelSender {
  /**
   * Readies one attempt per message (all of one target), lookups shared, in
   * order; each, when called, makes its attempt. The worker calls them as
   * slots free up. None rejects for the receiver's failures (they are results).
   */
  prepare(messages: readonly ClaimedMessage[]): Promise<PreparedAttempt[]>;
  /** At most perTarget() attempts at once per target (webhook) per instance. */
  concurrencyKey(message: ClaimedMessage): string;
  /**
   * The sender queues its attempts and keeps the per-target cap itself: the
   * worker starts every prepared attempt at once (a webhook's: the sender
   * thread, lib/webhooks/post-thread.ts).
   */
  capsItself?: boolean;
  /** Stopping: attempts not started resolve to null (handed back); those under way finish. */
  stop?(): void;
}

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

const email: ChannelSender = {
  // Composed when sent (lib/email/send.ts), which renews the lease itself.
  prepare: async (messages) => messages.map((message) => () => attemptEmail(message)),
  concurrencyKey: () => "email",
};

const webhook: ChannelSender = {
  prepare: prepareWebhookAttempts,
  concurrencyKey: (message) => `webhook:${message.webhookId}`,
  capsItself: true,
  stop: dropQueuedPosts,
};

export const channels = { webhook, email } satisfies Record<OutboxChannel, ChannelSender>;

export function senderOf(channel: string): ChannelSender | null {
  return Object.hasOwn(channels, channel) ? channels[channel as OutboxChannel] : null;
}
