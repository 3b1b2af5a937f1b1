/** The outbox's sender of the "webhook" channel (lib/outbox/channels.ts): deliver.ts prepares, the POST queue sends. */
import type { ChannelSender } from "@/lib/outbox/channel-sender";
import { prepareWebhookAttempts } from "./deliver";
import { dropQueuedPosts } from "./post-thread";

export const webhookSender: ChannelSender = {
  prepare: prepareWebhookAttempts,
  concurrencyKey: (message) => `webhook:${message.webhookId}`,
  capsItself: true,
  stop: dropQueuedPosts,
};
