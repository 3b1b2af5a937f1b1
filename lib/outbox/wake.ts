/**
 * A due row was written in this process: the worker (lib/outbox/worker.ts)
 * registers here what to do about it, so the writers (lib/outbox/enqueue.ts,
 * inside their transactions) need not import the worker and its senders.
 * Called inside the transaction: the worker's round is delayed a little,
 * which lets the commit land first and rows written meanwhile join the claim.
 */
const globalForWake = globalThis as unknown as { formloomOutboxWake?: () => void };

export function onOutboxWrite(wake: () => void): void {
  globalForWake.formloomOutboxWake = wake;
}

export function outboxWritten(): void {
  globalForWake.formloomOutboxWake?.();
}
