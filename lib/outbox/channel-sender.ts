/** What the outbox worker (lib/outbox/worker.ts) needs of a channel's sender (lib/outbox/channels.ts lists them). */
import type { PreparedAttempt } from "@/lib/webhooks/deliver";
import type { ClaimedMessage } from "./claim";
import type { OutboxChannel } from "./enqueue";

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

/** The senders one worker runs: the channels whose rows it claims. */
export type Senders = Partial<Record<OutboxChannel, ChannelSender>>;

/** The worker's sender of a row's channel; null for a channel it does not run (or an unknown one). */
export function senderIn(senders: Senders, channel: string): ChannelSender | null {
  return Object.hasOwn(senders, channel) ? (senders[channel as OutboxChannel] ?? null) : null;
}
