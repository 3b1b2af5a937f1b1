/**
 * The outbox worker: runs in every app process (started by instrumentation.ts
 * through lib/outbox/thread.ts: the webhook channel's on a thread of its own,
 * the others' on the app's thread), claims due rows of its channels
 * (lib/outbox/claim.ts), makes one attempt each through its channel's sender,
 * and records the results (lib/outbox/record.ts).
 *
 * - At most perTarget() (WEBHOOK_CONCURRENCY, default 8) attempts at once to one webhook (or to the SMTP
 *   server) per instance, so a receiver is never flooded.
 * - Claims are large (up to BATCH rows) and leave out targets that already
 *   have a batch ready (STOCKED rows waiting). The rows of one target claimed
 *   together are prepared together (one lookup of the webhooks, one of the
 *   responses; no write: a webhook's body is written only if its attempt
 *   fails) and then wait here, ready, for a free slot. The next batch is claimed and prepared
 *   while the one before is still being sent, so a target's slots never sit
 *   idle behind the database: under load every statement waits its turn
 *   (on SQLite behind every submission's), and a claim and its preparation
 *   take several turns.
 * - Webhook rows wait, ready, in the POST queue (lib/webhooks/post-queue.ts;
 *   on the app's thread, in the sender thread of lib/webhooks/post-thread.ts)
 *   rather than here: it keeps the per-webhook cap and starts the next POST
 *   as soon as one ends, so a slot does not stay idle until this worker's
 *   next turn. Here they count as running; those beyond the cap count as
 *   ready (readyCount).
 * - While every target is stocked, wakes (a row written, a slot freed) claim
 *   nothing: they would only find the stocked targets' rows, left out. Rows
 *   of other targets are claimed at the next poll (OUTBOX_POLL_MS), or as
 *   soon as a target runs low. Results are recorded in batches (one transaction per
 *   RECORD_DELAY_MS). On SQLite every write waits for the one writer,
 *   submissions included, and on both databases a delivery's statements cost
 *   CPU: a few statements per round rather than several per delivery are
 *   what let deliveries keep pace with submissions.
 * - A row waiting behind a slow receiver keeps its lease: each round renews
 *   (fenced) those waiting here close to running out, and an attempt renews
 *   again before its POST if it waited long (a webhook's: the sender thread
 *   hands it back unsent for that); a row another worker took over is dropped.
 * - A submission's webhook rows come claimed already (lib/outbox/enqueue.ts):
 *   the process that wrote them hands them here after their commit
 *   (takeClaimed), and the next round prepares them with what it claims.
 *   They ask for no claim; under a steady load that leaves one claim per poll.
 *   A worker that holds MAX_HELD rows (deliveries fall behind submissions)
 *   hands such rows back and turns the hand-off off (HandOffGate) until its
 *   claims have caught up with the rows waiting in the database: meanwhile
 *   submissions write their rows unclaimed, and claims take them oldest
 *   first, so new rows never overtake those left waiting.
 * - Woken shortly after a row is written in this process (lib/outbox/wake.ts),
 *   and when an attempt ends if the last claim was full (rows may be left);
 *   otherwise polls every OUTBOX_POLL_MS (default 500 ms) for rows of other
 *   instances and retries coming due. Each claim is a write: a claim per
 *   finished attempt would cost more than the attempts.
 * - stopOutboxWorker() (SIGTERM, via scripts/serve.mjs) stops claiming, hands
 *   back rows not started (here and in the sender thread's queue), and waits for the attempts under way and their
 *   records; rows claimed by a killed process come back when their lease
 *   expires.
 */
import { setting } from "@/lib/settings";
import { senderIn, type Senders } from "./channel-sender";
import { claimDue, releaseClaims, type ClaimedMessage } from "./claim";
import { outboxChannels, type OutboxChannel } from "./enqueue";
import { countDeliveries } from "@/lib/observability/metrics";
import { recordAttempt, recordAttempts, renewLeases, type AttemptResult } from "./record";
import { attemptTimeoutMs, leaseMs, perTarget, type PreparedAttempt } from "@/lib/webhooks/deliver";
import { errorField, log } from "@/lib/observability/log";

export { perTarget };
/** Rows claimed (and prepared) at once: many, so that a round's lookups serve many deliveries. */
const BATCH = 128;
/** Rows running or waiting for a slot, per process. */
const MAX_HELD = 320;
/** A target with this many rows ready and waiting gets no more until it runs lower. */
const STOCKED = BATCH;
/**
 * Results wait this long to be written together: the POSTs of a round end
 * within a few ms of each other, and one record per round rather than
 * several is what keeps a delivery's writes few.
 */
const RECORD_DELAY_MS = 100;
/**
 * A row written in this process is claimed this long after, with those written meanwhile
 * (also when it was written during a round: not right after that round): under load, one claim
 * and one preparation per this many ms rather than back to back with a few rows each. Each
 * costs statements that wait their turn with the submissions' (on SQLite the one writer).
 */
export const WRITE_WAKE_DELAY_MS = 250;

const pollMs = () => setting("OUTBOX_POLL_MS");
export { leaseMs };

interface Waiting {
  message: ClaimedMessage;
  run: PreparedAttempt;
  /** No later than this, the row's lease runs out (counted from before its claim or last renewal). */
  leaseUntil: number;
}

interface Target {
  running: number;
  waiting: Waiting[];
  /**
   * The sender queues the attempts and keeps the cap itself (webhooks: the
   * sender thread): every prepared row is started at once, and those beyond
   * perTarget() are waiting there, counted as ready like `waiting`.
   */
  capsItself: boolean;
}

/** Rows of the target ready and waiting for a slot, here or in its sender's queue. */
const readyCount = (t: Target) => t.waiting.length + (t.capsItself ? Math.max(0, t.running - perTarget()) : 0);

interface WorkerState {
  /** The senders of the channels this worker runs: it claims no row of another known channel. */
  senders: Senders;
  stopping: boolean;
  timer: NodeJS.Timeout | null;
  /** When the scheduled round runs (ms since epoch). */
  timerAt: number;
  ticking: boolean;
  /** A wake came during a round: go again this long after it (the shortest delay asked for). */
  again: number | null;
  /** When the last claim was made (ms since epoch). */
  claimedAt: number;
  /** The last claim took all it had room for: more rows may be due now. */
  moreDue: boolean;
  /** A wake asked for a claim (a row written unclaimed, a slot freed with rows left) since the last one. */
  claimAsked: boolean;
  /** Rows written claimed by this process (takeClaimed), for the next round to prepare. */
  taken: ClaimedMessage[];
  /** Rows were handed back for want of room: the hand-off is off until a claim catches up. */
  behind: boolean;
  gate: HandOffGate | null;
  inFlight: Set<Promise<void>>;
  targets: Map<string, Target>;
  results: { message: ClaimedMessage; result: AttemptResult }[];
  /** Attempts not made (the sender dropped them: stopping), to hand back. */
  notMade: ClaimedMessage[];
  recording: Promise<void> | null;
  recordTimer: NodeJS.Timeout | null;
}

// On globalThis: Next may load this module more than once (instrumentation and routes), one worker per process.
const globalForWorker = globalThis as unknown as { formloomOutbox?: WorkerState };

function state(): WorkerState | undefined {
  return globalForWorker.formloomOutbox;
}

/**
 * Told when the webhook worker stops (false) or starts again (true) taking rows written claimed
 * (lib/outbox/thread.ts then withdraws or registers the hand-off, lib/outbox/wake.ts).
 */
export type HandOffGate = (accepting: boolean) => void;

/**
 * Starts this thread's worker with the given senders (lib/outbox/channels.ts
 * has them all): it claims the rows of their channels, and those of a channel
 * no sender knows (failed). The caller says what wakes it and what stops it
 * (lib/outbox/thread.ts). On a worker already running, it changes the senders
 * (the outbox thread stopped: this one runs every channel).
 */
export function startOutboxWorker(senders: Senders, gate: HandOffGate | null = null): void {
  const running = state();
  if (running) {
    running.senders = senders;
    running.gate = gate;
    return wakeOutboxWorker();
  }
  globalForWorker.formloomOutbox = {
    senders, gate,
    stopping: false, timer: null, timerAt: 0, ticking: false, again: null, claimedAt: 0, moreDue: true, claimAsked: true, taken: [], behind: false,
    inFlight: new Set(), targets: new Map(), results: [], notMade: [], recording: null, recordTimer: null,
  };
  schedule(0);
}

/** Runs a round in `delayMs`, unless one is due sooner. */
function schedule(delayMs: number) {
  const s = state();
  if (!s || s.stopping) return;
  const at = Date.now() + delayMs;
  if (s.timer && s.timerAt <= at) return;
  if (s.timer) clearTimeout(s.timer);
  s.timerAt = at;
  s.timer = setTimeout(() => {
    s.timer = null;
    void tick();
  }, delayMs);
  // The worker alone never keeps a process alive.
  s.timer.unref();
}

/** Asks for a round with a claim soon (a slot is free, or a due row was written in this process). */
export function wakeOutboxWorker(delayMs = 0): void {
  const s = state();
  if (!s) return;
  s.claimAsked = true;
  roundIn(s, delayMs);
}

function roundIn(s: WorkerState, delayMs: number) {
  if (s.ticking) s.again = Math.min(s.again ?? delayMs, delayMs);
  else schedule(delayMs);
}

/**
 * Rows this process wrote claimed (lib/outbox/enqueue.ts), committed: the
 * round WRITE_WAKE_DELAY_MS from now prepares them with those that arrive
 * meanwhile, as it would rows it claimed, and claims nothing for them. A
 * stopping worker, or one holding MAX_HELD rows already (a slow receiver),
 * hands them back for claims to find.
 */
export function takeClaimed(messages: ClaimedMessage[]): void {
  if (messages.length === 0) return;
  const s = state();
  if (!s || s.stopping || heldBy(s) + s.taken.length >= MAX_HELD) {
    releaseClaims(messages).catch((error) => log.error({ err: errorField(error) }, "outbox worker: handing back rows failed; their lease runs out"));
    if (!s || s.stopping) return;
    if (!s.behind) {
      s.behind = true;
      s.gate?.(false);
    }
    return wakeOutboxWorker(WRITE_WAKE_DELAY_MS);
  }
  s.taken.push(...messages);
  roundIn(s, WRITE_WAKE_DELAY_MS);
}

/** Rows this worker holds: running or waiting for a slot. */
const heldBy = (s: WorkerState) => [...s.targets.values()].reduce((n, t) => n + t.running + t.waiting.length, 0);

const targetOf = (s: WorkerState, key: string, channel: string) => {
  let target = s.targets.get(key);
  if (!target) s.targets.set(key, (target = { running: 0, waiting: [], capsItself: senderIn(s.senders, channel)?.capsItself === true }));
  return target;
};

const keyOf = (s: WorkerState, message: ClaimedMessage) => senderIn(s.senders, message.channel)?.concurrencyKey(message) ?? `unknown:${message.channel}`;

/** A round: keep the leases of rows still waiting, claim and prepare more for targets with room, start what slots allow. */
async function tick() {
  const s = state();
  if (!s || s.stopping || s.ticking) return;
  s.ticking = true;
  s.again = null;
  let full = false;
  const taken = s.taken.splice(0);
  try {
    await keepLeases(s);
    let held = taken.length;
    let hungry = false;
    // Known channels another worker runs; email too when its batch is ready.
    const skipChannels: OutboxChannel[] = outboxChannels.filter((channel) => !senderIn(s.senders, channel));
    const busyWebhooks: string[] = [];
    for (const [key, target] of s.targets) {
      held += target.running + target.waiting.length;
      // A target with a batch ready gets no more rows this round.
      if (readyCount(target) < STOCKED) {
        hungry = true;
        continue;
      }
      if (key === "email") skipChannels.push("email");
      else if (key.startsWith("webhook:")) busyWebhooks.push(key.slice("webhook:".length));
    }
    const room = Math.min(BATCH, MAX_HELD - held);
    // Every target stocked: only the poll looks for other targets' rows. Rows this process wrote
    // claimed ask for no claim: they are here (taken).
    const due = ((hungry || s.targets.size === 0) && s.claimAsked) || Date.now() - s.claimedAt >= pollMs();
    const ready: { message: ClaimedMessage; leaseUntil: number }[] = taken.map((message) => ({ message, leaseUntil: message.heldUntil }));
    if (room > 0 && due) {
      s.claimedAt = Date.now();
      s.claimAsked = false;
      const leaseUntil = Date.now() + leaseMs();
      const claimed = await claimDue(room, new Date(), leaseMs(), { channels: skipChannels, busyWebhooks });
      full = claimed.length === room;
      s.moreDue = full;
      // Caught up: a claim of every webhook found fewer due rows than it had room for.
      if (s.behind && !full && busyWebhooks.length === 0) {
        s.behind = false;
        s.gate?.(true);
      }
      for (const message of claimed) ready.push({ message, leaseUntil });
    }
    const byTarget = new Map<string, typeof ready>();
    for (const entry of ready) {
      const key = keyOf(s, entry.message);
      const group = byTarget.get(key);
      if (group) group.push(entry);
      else byTarget.set(key, [entry]);
    }
    await Promise.all([...byTarget].map(async ([key, entries]) => {
      const messages = entries.map((entry) => entry.message);
      const runs = await prepareWith(s.senders, messages);
      // Stopping meanwhile: hand them back now rather than when their lease runs out.
      if (s.stopping) return releaseClaims(messages);
      const target = targetOf(s, key, messages[0].channel);
      entries.forEach(({ message, leaseUntil }, i) => target.waiting.push({ message, run: runs[i], leaseUntil }));
      startWaiting(s, key, target);
    }));
  } catch (error) {
    log.error({ err: errorField(error) }, "outbox worker: round failed");
  } finally {
    s.ticking = false;
  }
  for (const [key, target] of s.targets) startWaiting(s, key, target);
  if (full) s.claimAsked = true;
  schedule(full ? 0 : (s.again ?? pollMs()));
}

/** Readies attempts of rows of one target with its channel's sender (lib/outbox/channels.ts attempt() too). */
export async function prepareWith(senders: Senders, messages: ClaimedMessage[]): Promise<PreparedAttempt[]> {
  const sender = senderIn(senders, messages[0].channel);
  if (!sender) return messages.map((m) => () => Promise.resolve<AttemptResult>({ outcome: "permanent", error: `Unknown outbox channel "${m.channel}"` }));
  return sender.prepare(messages);
}

/**
 * Rows waiting for a slot behind a slow receiver could outlive their lease:
 * renew (fenced) those within a timeout and a margin of it; a row another
 * worker took over meanwhile is dropped, unsent and unrecorded.
 */
async function keepLeases(s: WorkerState) {
  const soon = Date.now() + attemptTimeoutMs() + 10_000;
  const due = [...s.targets.values()].flatMap((t) => t.waiting.filter((w) => w.leaseUntil < soon));
  if (due.length === 0) return;
  const leaseUntil = Date.now() + leaseMs();
  const held = await renewLeases(due.map((w) => w.message), leaseMs());
  const lost = new Set(due.filter((_, i) => !held[i]));
  due.forEach((w) => (w.leaseUntil = leaseUntil));
  if (lost.size) for (const target of s.targets.values()) target.waiting = target.waiting.filter((w) => !lost.has(w));
}

/** Starts the target's waiting rows its free slots allow. */
function startWaiting(s: WorkerState, key: string, target: Target) {
  const limit = target.capsItself ? Infinity : perTarget();
  while (target.running < limit && target.waiting.length && !s.stopping) {
    const { message, run } = target.waiting.shift()!;
    target.running++;
    const done: Promise<void> = run()
      .then((result) => (result ? queueResult(s, message, result) : void s.notMade.push(message)))
      .catch((error) => log.error({ err: errorField(error) }, `outbox worker: attempt ${message.id} failed`))
      .finally(() => {
        s.inFlight.delete(done);
        target.running--;
        if (target.running === 0 && target.waiting.length === 0 && s.targets.get(key) === target) s.targets.delete(key);
        if (s.stopping) return;
        // The freed slot goes to a row ready and waiting. A round claims more when this target runs
        // low and the last claim left rows behind; rows written since wake the worker themselves.
        startWaiting(s, key, target);
        if (readyCount(target) < STOCKED && s.moreDue) wakeOutboxWorker();
      });
    s.inFlight.add(done);
  }
}

/** Results are written together, RECORD_DELAY_MS after the first of them. */
function queueResult(s: WorkerState, message: ClaimedMessage, result: AttemptResult) {
  s.results.push({ message, result });
  if (!s.recordTimer && !s.stopping) s.recordTimer = setTimeout(() => void flushResults(s), RECORD_DELAY_MS);
}

async function flushResults(s: WorkerState): Promise<void> {
  if (s.recordTimer) clearTimeout(s.recordTimer);
  s.recordTimer = null;
  // One write at a time; results that arrive meanwhile go in the next.
  while (s.recording) await s.recording;
  const batch = s.results.splice(0);
  if (batch.length === 0) return;
  s.recording = recordAttempts(batch)
    .then((statuses) => countDeliveries(batch.map((entry) => entry.message.channel), statuses))
    .catch(async (error) => {
      // A batch that failed as a whole (a lost connection, a busy timeout): row by row, so one cannot sink the rest.
      log.error({ err: errorField(error) }, "outbox worker: recording results failed; row by row");
      for (const { message, result } of batch) {
        await recordAttempt(message, result)
          .then((status) => countDeliveries([message.channel], [status]))
          .catch((e) => log.error({ err: errorField(e) }, `outbox worker: recording ${message.id} failed`));
      }
    })
    .finally(() => {
      s.recording = null;
    });
  await s.recording;
}

/** How long a stopping worker waits for the attempts under way and their records. */
export const STOP_GRACE_MS = 10_000;

/** Stops claiming, hands back rows not started, and waits (up to `graceMs`) for the attempts under way and their records. */
export async function stopOutboxWorker(graceMs = STOP_GRACE_MS): Promise<void> {
  const s = state();
  if (!s || s.stopping) return;
  s.stopping = true;
  if (s.timer) clearTimeout(s.timer);
  const waiting = [...s.targets.values()].flatMap((t) => t.waiting.splice(0).map((w) => w.message)).concat(s.taken.splice(0));
  // Senders that queue their own attempts give back those not started (their promises resolve to null).
  for (const sender of Object.values(s.senders)) sender.stop?.();
  const wait = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
  const drain = async () => {
    if (waiting.length) await releaseClaims(waiting).catch((error) => log.error({ err: errorField(error) }, "outbox worker: handing back claims failed"));
    await Promise.allSettled([...s.inFlight]);
    if (s.notMade.length) await releaseClaims(s.notMade.splice(0)).catch((error) => log.error({ err: errorField(error) }, "outbox worker: handing back claims failed"));
    await flushResults(s);
  };
  await Promise.race([drain(), wait]);
}
