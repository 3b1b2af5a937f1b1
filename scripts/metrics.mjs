/**
 * `GET /metrics` in Prometheus' text format, served by scripts/serve.mjs before
 * Next when METRICS_TOKEN is set (bearer, compared in constant time); without
 * it this module and prom-client are never loaded and /metrics is a 404 like
 * any unknown page.
 *
 * One registry per process, here: the HTTP series are recorded by the server
 * for every request it answers (its own refusals included), labelled with the
 * route's template as route() declares it (lib/http/request-context.ts), never
 * the raw path, so ids cannot grow the series. The app's counts (responses,
 * outbox results) arrive through the sink this puts on globalThis
 * (lib/observability/metrics.ts); the outbox backlog and the database pool are
 * read at each scrape through the reader the app registers there.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";

const SINK = Symbol.for("formloom.metrics.sink");
const GAUGES = Symbol.for("formloom.metrics.gauges");

const digest = (text) => createHash("sha256").update(text).digest();

export function createMetrics(token) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "formloom_http_requests_total",
    help: "HTTP requests answered, by method, route template and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "formloom_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route template and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const responses = new client.Counter({
    name: "formloom_responses_total",
    help: "Responses stored by respondents: finished submissions and partial saves",
    labelNames: ["kind"],
    registers: [registry],
  });
  const deliveries = new client.Counter({
    name: "formloom_outbox_attempts_total",
    help: "Webhook and email delivery attempts recorded, by channel and the delivery's status after the attempt (pending: a retry is scheduled)",
    labelNames: ["channel", "result"],
    registers: [registry],
  });
  for (const kind of ["finished", "partial"]) responses.inc({ kind }, 0);
  for (const channel of ["webhook", "email"]) for (const result of ["succeeded", "pending", "failed"]) deliveries.inc({ channel, result }, 0);

  // Read from the database at each scrape (lib/observability/gauges.ts). A failed read keeps the last
  // values and counts the failure; the pool's gauges appear with the first pool (PostgreSQL only).
  const gauge = (name, help) => new client.Gauge({ name, help, registers: [registry] });
  const outboxPending = gauge("formloom_outbox_pending", "Webhook and email deliveries waiting to be sent or retried");
  const outboxOldest = gauge("formloom_outbox_oldest_pending_age_seconds", "Age of the oldest delivery still pending (0 when none is)");
  const scrapeErrors = new client.Counter({ name: "formloom_metrics_scrape_errors_total", help: "Scrapes whose database read failed (the gauges then keep their last values)", registers: [registry] });
  let pool = null;
  const poolGauges = () => ({
    total: gauge("formloom_db_pool_connections", "PostgreSQL pool: open connections"),
    idle: gauge("formloom_db_pool_idle_connections", "PostgreSQL pool: idle connections"),
    waiting: gauge("formloom_db_pool_waiting_requests", "PostgreSQL pool: queries waiting for a connection"),
    max: gauge("formloom_db_pool_max_connections", "PostgreSQL pool: its size"),
  });
  const readGauges = async () => {
    const read = globalThis[GAUGES];
    if (typeof read !== "function") return;
    try {
      const latest = await read();
      outboxPending.set(latest.outboxPending);
      outboxOldest.set(latest.outboxOldestPendingSeconds);
      if (latest.pool) for (const [key, g] of Object.entries((pool ??= poolGauges()))) g.set(latest.pool[key]);
    } catch {
      scrapeErrors.inc();
    }
  };

  globalThis[SINK] = {
    response: (kind) => responses.inc({ kind }),
    deliveries: (channel, result, count) => deliveries.inc({ channel, result }, count),
  };

  const expected = digest(`Bearer ${token}`);
  const authorized = (header) => typeof header === "string" && timingSafeEqual(digest(header), expected);

  return {
    /** Records one answered request. */
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    /** Answers GET /metrics. */
    async serve(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
        return res.end("Method Not Allowed\n");
      }
      if (!authorized(req.headers.authorization)) {
        res.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"', "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        return res.end("Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n");
      }
      await readGauges();
      const body = await registry.metrics();
      res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store", "x-content-type-options": "nosniff" });
      res.end(req.method === "HEAD" ? undefined : body);
    },
  };
}
