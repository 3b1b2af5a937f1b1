/**
 * A due row was written in this process: the worker (lib/outbox/worker.ts)
 * registers here what to do about it, so the writers (lib/outbox/enqueue.ts,
 * inside their transactions) need not import the worker and its senders.
 * Called inside the transaction: the worker's round is delayed a little,
 * which lets the commit land first and rows written meanwhile join the claim.
 *
 * The webhook worker also registers a hand-off: a submission then writes its
 * webhook rows already claimed by this process (attempt 1, leased) and gives
 * them to the worker once its transaction has committed, so that no claim
 * has to find them (lib/outbox/enqueue.ts says when, and why it is exact).
 */
import type { ClaimedMessage } from "./claim";
import type { OutboxChannel } from "./enqueue";

/** Where rows claimed as they were written go, after their commit. */
export interface OutboxHandOff {
  /** The lease the rows are written with (the worker's claims' lease). */
  leaseMs: number;
  /** Called once the rows are committed; must not throw. Rows it never sends come back when their lease runs out. */
  take(messages: ClaimedMessage[]): void;
}

const globalForWake = globalThis as unknown as {
  formloomOutboxWake?: (channel: OutboxChannel) => void;
  formloomOutboxHandOff?: OutboxHandOff | null;
};

/** `wake` is told the channel of the row, so it wakes the worker that runs it (lib/outbox/thread.ts). */
export function onOutboxWrite(wake: (channel: OutboxChannel) => void): void {
  globalForWake.formloomOutboxWake = wake;
}

export function outboxWritten(channel: OutboxChannel): void {
  globalForWake.formloomOutboxWake?.(channel);
}

/** Registers (or, with null, withdraws: the worker is stopping) the webhook worker's hand-off. */
export function onOutboxHandOff(handOff: OutboxHandOff | null): void {
  globalForWake.formloomOutboxHandOff = handOff;
}

/** The webhook worker's hand-off in this process, if one runs and takes rows. */
export function outboxHandOff(): OutboxHandOff | null {
  return globalForWake.formloomOutboxHandOff ?? null;
}
