/**
 * The outbox worker: runs in every app process (started by instrumentation.ts),
 * claims due rows (lib/outbox/claim.ts), makes one attempt each through its
 * channel's sender, and records the result (lib/outbox/record.ts).
 *
 * - Polls every OUTBOX_POLL_MS (default 500 ms) and goes again at once while
 *   it finds full batches; a write in this process can wake it sooner.
 * - At most MAX_IN_FLIGHT attempts per process, and at most PER_TARGET at
 *   once to one webhook (or to the SMTP server), so a receiver is never
 *   flooded; rows over that are handed back for the next round.
 * - stopOutboxWorker() (SIGTERM, via scripts/serve.mjs) stops claiming and
 *   waits for the attempts under way; rows claimed by a killed process come
 *   back when their lease expires.
 */
import { claimDue, releaseClaims, type ClaimedMessage } from "./claim";
import { senderOf } from "./channels";
import { recordAttempt } from "./record";
import { leaseMs } from "@/lib/webhooks/deliver";

const BATCH = 25;
const MAX_IN_FLIGHT = 50;
const PER_TARGET = 4;

const pollMs = () => Number(process.env.OUTBOX_POLL_MS || 500);
export { leaseMs };

interface WorkerState {
  stopping: boolean;
  timer: NodeJS.Timeout | null;
  ticking: boolean;
  inFlight: Set<Promise<void>>;
  perTarget: Map<string, number>;
}

// On globalThis: Next may load this module more than once (instrumentation and routes), one worker per process.
const globalForWorker = globalThis as unknown as { formloomOutbox?: WorkerState };

function state(): WorkerState | undefined {
  return globalForWorker.formloomOutbox;
}

export function startOutboxWorker(): void {
  if (state()) return;
  globalForWorker.formloomOutbox = { stopping: false, timer: null, ticking: false, inFlight: new Set(), perTarget: new Map() };
  // scripts/serve.mjs is plain JavaScript: it finds the stop function here on SIGTERM.
  (globalThis as Record<symbol, unknown>)[Symbol.for("formloom.outbox.stop")] = stopOutboxWorker;
  schedule(0);
}

function schedule(delayMs: number) {
  const s = state();
  if (!s || s.stopping) return;
  if (s.timer) clearTimeout(s.timer);
  s.timer = setTimeout(() => void tick(), delayMs);
  // The worker alone never keeps a process alive.
  s.timer.unref();
}

/** Ask for a round now (after writing a due row in this process). */
export function wakeOutboxWorker(): void {
  const s = state();
  if (s && !s.ticking) schedule(0);
}

async function tick() {
  const s = state();
  if (!s || s.stopping || s.ticking) return;
  s.ticking = true;
  let full = false;
  try {
    const room = Math.min(BATCH, MAX_IN_FLIGHT - s.inFlight.size);
    if (room > 0) {
      const claimed = await claimDue(room, new Date(), leaseMs());
      full = claimed.length === room;
      const handBack: ClaimedMessage[] = [];
      for (const message of claimed) {
        if (s.stopping) handBack.push(message);
        else if (!start(s, message)) handBack.push(message);
      }
      if (handBack.length) await releaseClaims(handBack);
      // Only rows over the per-target limit: go on with other targets after a pause.
      if (handBack.length === claimed.length) full = false;
    }
  } catch (error) {
    console.error("outbox worker: claim failed", error);
  } finally {
    s.ticking = false;
  }
  schedule(full ? 0 : pollMs());
}

/** Starts an attempt unless its target is at its limit. */
function start(s: WorkerState, message: ClaimedMessage): boolean {
  const sender = senderOf(message.channel);
  const key = sender ? sender.concurrencyKey(message) : "unknown";
  const running = s.perTarget.get(key) ?? 0;
  if (running >= PER_TARGET) return false;
  s.perTarget.set(key, running + 1);
  const done: Promise<void> = attempt(message)
    .then(() => undefined, (error) => console.error(`outbox worker: attempt ${message.id} failed`, error))
    .finally(() => {
      s.inFlight.delete(done);
      const left = (s.perTarget.get(key) ?? 1) - 1;
      if (left > 0) s.perTarget.set(key, left);
      else s.perTarget.delete(key);
      // A freed slot may let a held-back row go.
      wakeOutboxWorker();
    });
  s.inFlight.add(done);
  return true;
}

/** One attempt of a claimed row, recorded; also for rows an API request claimed (retry, test). */
export async function attempt(message: ClaimedMessage): Promise<string> {
  const sender = senderOf(message.channel);
  const result = sender
    ? await sender.attempt(message)
    : ({ outcome: "permanent", error: `Unknown outbox channel "${message.channel}"` } as const);
  return recordAttempt(message, result);
}

/** Stops claiming and waits (up to `graceMs`) for the attempts under way. */
export async function stopOutboxWorker(graceMs = 10_000): Promise<void> {
  const s = state();
  if (!s || s.stopping) return;
  s.stopping = true;
  if (s.timer) clearTimeout(s.timer);
  const wait = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([Promise.allSettled([...s.inFlight]), wait]);
}
