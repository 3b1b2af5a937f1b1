/**
 * A due row was written in this process: the worker (lib/outbox/worker.ts)
 * registers here what to do about it, so the writers (lib/outbox/enqueue.ts,
 * inside their transactions) need not import the worker and its senders.
 * Called inside the transaction: the worker's round is delayed a little,
 * which lets the commit land first and rows written meanwhile join the claim.
 */
import type { OutboxChannel } from "./enqueue";

const globalForWake = globalThis as unknown as { formloomOutboxWake?: (channel: OutboxChannel) => void };

/** `wake` is told the channel of the row, so it wakes the worker that runs it (lib/outbox/thread.ts). */
export function onOutboxWrite(wake: (channel: OutboxChannel) => void): void {
  globalForWake.formloomOutboxWake = wake;
}

export function outboxWritten(channel: OutboxChannel): void {
  globalForWake.formloomOutboxWake?.(channel);
}
