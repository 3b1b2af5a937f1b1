/**
 * One sender per outbox channel. The registry is typed by the channel list,
 * so a new channel without a sender does not compile, and a row whose channel
 * is unknown is failed, never sent as another kind.
 *
 * The outbox thread (lib/outbox/thread-entry.ts) runs the webhook sender
 * alone and does not import this module: the email sender needs the Prisma
 * client, which that thread does not load.
 */
import { emailSender } from "@/lib/email/sender";
import { countDeliveries } from "@/lib/observability/metrics";
import { webhookSender } from "@/lib/webhooks/sender";
import type { ChannelSender } from "./channel-sender";
import type { ClaimedMessage } from "./claim";
import type { OutboxChannel } from "./enqueue";
import { releaseClaims } from "./claim";
import { recordAttempt } from "./record";
import { prepareWith } from "./worker";

export const channels = { webhook: webhookSender, email: emailSender } satisfies Record<OutboxChannel, ChannelSender>;

/** One attempt of a claimed row, recorded; for rows an API request claimed (retry, test). */
export async function attempt(message: ClaimedMessage): Promise<string> {
  const [run] = await prepareWith(channels, [message]);
  const result = await run();
  if (result) {
    const status = await recordAttempt(message, result);
    countDeliveries([message.channel], [status]);
    return status;
  }
  await releaseClaims([message]);
  return "pending";
}
