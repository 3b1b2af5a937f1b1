/**
 * What the app counts for `GET /metrics` (scripts/metrics.mjs holds the
 * registry and serves it). The counters live on a sink that the server puts
 * on globalThis only when METRICS_TOKEN is set: without it every call here is
 * a property read, and prom-client is never loaded. On globalThis, not in a
 * module: Next may load this module more than once, and the outbox thread
 * forwards its counts to the app's thread (lib/outbox/thread-entry.ts).
 */
export interface MetricsSink {
  /** A stored response: `finished` (submitted, spam held included) or a `partial` save. */
  response(kind: "finished" | "partial"): void;
  /** Recorded outbox attempts of one channel, by the row's status after them. */
  deliveries(channel: string, result: DeliveryResult, count: number): void;
}

export type DeliveryResult = "succeeded" | "pending" | "failed";

/** The gauges read at each scrape: from the database, so the app registers the reader. */
export interface ScrapeGauges {
  outboxPending: number;
  /** Seconds since the oldest pending delivery was written (0 without one). */
  outboxOldestPendingSeconds: number;
  /** PostgreSQL's pool (undefined on SQLite: one connection, no pool). */
  pool?: { total: number; idle: number; waiting: number; max: number };
}

const SINK = Symbol.for("formloom.metrics.sink");
const GAUGES = Symbol.for("formloom.metrics.gauges");
type Global = Record<symbol, unknown>;

export const metricsSink = (): MetricsSink | undefined => (globalThis as Global)[SINK] as MetricsSink | undefined;

/** Installs the sink (scripts/metrics.mjs on the app's thread, the forwarder on the outbox thread). */
export function setMetricsSink(sink: MetricsSink): void {
  (globalThis as Global)[SINK] = sink;
}

export function countResponse(kind: "finished" | "partial"): void {
  metricsSink()?.response(kind);
}

export function countDeliveries(channels: readonly string[], results: readonly DeliveryResult[]): void {
  const sink = metricsSink();
  if (!sink) return;
  const counts = new Map<string, number>();
  results.forEach((result, i) => {
    const key = `${channels[i]}\n${result}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  for (const [key, count] of counts) {
    const [channel, result] = key.split("\n");
    sink.deliveries(channel, result as DeliveryResult, count);
  }
}

/** Registers what a scrape reads from the database (lib/background.ts). */
export function registerScrapeGauges(read: () => Promise<ScrapeGauges>): void {
  (globalThis as Global)[GAUGES] = read;
}
