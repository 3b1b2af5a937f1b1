/**
 * GET /metrics: off (404) without METRICS_TOKEN, 401 without the token, and
 * with it Prometheus' text format, read back by a Prometheus text parser:
 * requests by route template (one series for any number of ids), responses,
 * outbox attempts and backlog, the database pool on PostgreSQL, and the
 * process's event-loop lag and memory.
 */
import { randomBytes } from "node:crypto";
import parsePrometheusTextFormat, { type ParsedFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../helpers/api";
import { createPublishedForm, ownerApi, submit } from "../helpers/instances";
import { startOwnServer, type OwnServer } from "../helpers/own-server";
import { feedbackSchema, fastWebhookEnv } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const TOKEN = randomBytes(24).toString("base64url");

let own: OwnServer;
let receiver: WebhookReceiver;
let form: { id: string; slug: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  own = await startOwnServer("metrics", { ...fastWebhookEnv, METRICS_TOKEN: TOKEN });
  form = await createPublishedForm(ownerApi(own.server.baseUrl, own.key), feedbackSchema);
}, 90_000);
afterAll(async () => {
  await own?.stop();
  await receiver?.close();
});

interface Scrape {
  /** The families as the parser types them (a histogram's samples folded into it). */
  families: ParsedFamily[];
  /** Every sample with its labels: the parser folds a histogram's series together, so its samples are read untyped. */
  samples: Map<string, Record<string, string>[]>;
  text: string;
}

async function scrape(): Promise<Scrape> {
  const res = await fetch(`${own.server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const samples = new Map<string, Record<string, string>[]>();
  for (const f of parsePrometheusTextFormat(text.replace(/^# (HELP|TYPE) .*$/gm, ""))) {
    const list = samples.get(f.name) ?? [];
    list.push(...f.metrics.map((m) => ({ ...m.labels, value: m.value! })));
    samples.set(f.name, list);
  }
  return { families: parsePrometheusTextFormat(text), samples, text };
}

const family = (s: Scrape, name: string) => {
  const found = s.families.find((f) => f.name === name);
  expect(found, `metric ${name}`).toBeDefined();
  return found!;
};

/** The series of sample `name` whose labels include `labels`. */
const seriesOf = (s: Scrape, name: string, labels: Record<string, string> = {}) =>
  (s.samples.get(name) ?? []).filter((m) => Object.entries(labels).every(([k, v]) => m[k] === v));

/** The value of the one series of `name` with `labels` (0 when there is none). */
function valueOf(s: Scrape, name: string, labels: Record<string, string> = {}): number {
  const series = seriesOf(s, name, labels);
  expect(series.length, `${name} ${JSON.stringify(labels)}: one series`).toBeLessThanOrEqual(1);
  return series.length ? Number(series[0].value) : 0;
}

describe(`GET /metrics on ${kind}`, () => {
  it("is a 404 on a server without METRICS_TOKEN", async () => {
    const res = await fetch(`${baseUrl()}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("formloom_http_requests_total");
  });

  it("answers 401 without the token or with another one", async () => {
    const refused: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, { authorization: TOKEN }];
    for (const headers of refused) {
      const res = await fetch(`${own.server.baseUrl}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain("formloom_");
    }
  });

  it("counts a submission, a partial save and the request that made it", async () => {
    const route = { method: "POST", route: "/api/public/forms/{slug}/responses", status: "201" };
    const before = await scrape();
    expect((await submit(own.server.baseUrl, form.slug, { stars: 4 })).status).toBe(201);
    const partial = await fetch(`${own.server.baseUrl}/api/public/forms/${form.slug}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ answers: { note: "half way" }, partial: true }),
    });
    expect(partial.status).toBe(201);
    const after = await scrape();
    expect(valueOf(after, "formloom_responses_total", { kind: "finished" }) - valueOf(before, "formloom_responses_total", { kind: "finished" })).toBe(1);
    expect(valueOf(after, "formloom_responses_total", { kind: "partial" }) - valueOf(before, "formloom_responses_total", { kind: "partial" })).toBe(1);
    expect(valueOf(after, "formloom_http_requests_total", route) - valueOf(before, "formloom_http_requests_total", route)).toBe(2);
    expect(family(after, "formloom_http_request_duration_seconds").type).toBe("HISTOGRAM");
    const histogram = "formloom_http_request_duration_seconds";
    const count = valueOf(after, `${histogram}_count`, route);
    expect(count).toBe(valueOf(after, "formloom_http_requests_total", route));
    expect(valueOf(after, `${histogram}_bucket`, { ...route, le: "+Inf" })).toBe(count);
    expect(valueOf(after, `${histogram}_bucket`, { ...route, le: "10" })).toBeLessThanOrEqual(count);
    expect(valueOf(after, `${histogram}_sum`, route)).toBeGreaterThan(0);
  });

  it("labels requests by route template: many ids make one series", async () => {
    const ids = Array.from({ length: 12 }, () => `frm_${randomBytes(8).toString("hex")}`);
    for (const id of ids) expect((await own.call("GET", `/api/forms/${id}`)).status).toBe(404);
    const scraped = await scrape();
    for (const id of ids) expect(scraped.text).not.toContain(id);
    const series = seriesOf(scraped, "formloom_http_requests_total", { route: "/api/forms/{id}", method: "GET", status: "404" });
    expect(series).toHaveLength(1);
    expect(Number(series[0].value)).toBeGreaterThanOrEqual(ids.length);
    // Paths no route declares get one label per kind of path, not one per path.
    for (const id of ids.slice(0, 3)) await fetch(`${own.server.baseUrl}/api/nothing/${id}`);
    const routes = new Set(seriesOf(await scrape(), "formloom_http_requests_total").map((m) => m.route));
    expect(routes.has("/api/(unmatched)")).toBe(true);
    for (const route of routes) expect(route, "a route label").toMatch(/^(\/api\/[a-z0-9./{}()-]*|\/metrics|\/_next\/\(asset\)|\/s\/\{slug\}|\(page\))$/i);
  });

  it("counts webhook attempts and reads the outbox backlog, the pool and the process", { timeout: 60_000 }, async () => {
    const created = await own.call("POST", `/api/forms/${form.id}/webhooks`, { url: receiver.url });
    expect(created.status).toBe(201);
    receiver.secrets = [created.body.webhook.secret];
    const before = await scrape();
    const webhookOk = { channel: "webhook", result: "succeeded" };
    expect((await submit(own.server.baseUrl, form.slug, { stars: 5 })).status).toBe(201);
    await receiver.waitFor((received) => received.length >= 1);
    // The attempt is recorded (and counted) just after the receiver answered.
    await expect.poll(async () => valueOf(await scrape(), "formloom_outbox_attempts_total", webhookOk) - valueOf(before, "formloom_outbox_attempts_total", webhookOk), { timeout: 20_000 }).toBe(1);

    const families = await scrape();
    expect(valueOf(families, "formloom_outbox_pending")).toBe(0);
    expect(valueOf(families, "formloom_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(valueOf(families, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(families, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(valueOf(families, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    if (kind === "postgresql") {
      expect(valueOf(families, "formloom_db_pool_max_connections")).toBeGreaterThan(0);
      expect(valueOf(families, "formloom_db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(seriesOf(families, "formloom_db_pool_waiting_requests")).toHaveLength(1);
    } else {
      expect(seriesOf(families, "formloom_db_pool_connections")).toHaveLength(0);
    }
  });

  it("shows a delivery that waits as pending, with the age of the oldest", { timeout: 60_000 }, async () => {
    receiver.script([{ status: 500 }]);
    try {
      expect((await submit(own.server.baseUrl, form.slug, { stars: 2 })).status).toBe(201);
      await expect.poll(async () => valueOf(await scrape(), "formloom_outbox_pending"), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => valueOf(await scrape(), "formloom_outbox_oldest_pending_age_seconds"), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(async () => valueOf(await scrape(), "formloom_outbox_attempts_total", { channel: "webhook", result: "pending" }), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    } finally {
      receiver.script([{ status: 200 }]);
    }
  });
});
