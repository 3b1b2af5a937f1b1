/**
 * Webhooks end to end over HTTP: a real receiver (tests/helpers/webhook-receiver.ts)
 * verifies every delivery's signature with the `standardwebhooks` library.
 * The server runs with short retry delays and a 1 s timeout, on its own database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, execDatabase, queryDatabase, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { awayFromWindowEnd } from "../helpers/rate-window";
import { TEST_PING_LIMIT, TEST_PING_WINDOW_MS } from "@/lib/webhooks/deliveries";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

describe(`webhooks on ${kind}`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let api: ReturnType<typeof webhookApi>;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, "webhooks");
    const key = createOwnerKey(database.url);
    server = await startServer(database.url, fastWebhookEnv);
    api = webhookApi(server.baseUrl, key);
  }, 60_000);

  afterAll(async () => {
    if (process.env.SHOW_SERVER_LOG) console.log(server?.output());
    await server?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await database?.drop();
  });

  /** A published form with one webhook pointing at a fresh receiver. */
  async function setup(events?: string[]) {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const form = await createPublishedForm(api, feedbackSchema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url, ...(events && { events }) });
    expect(created.status).toBe(201);
    receiver.secrets = [created.body.webhook.secret];
    return { form, receiver, webhook: created.body.webhook };
  }

  const deliveriesOf = async (formId: string, webhookId: string, query = "") =>
    (await api.get(`/api/forms/${formId}/webhooks/${webhookId}/deliveries${query}`)).body;

  it("creates a webhook with a Standard Webhooks secret shown once, and never again", async () => {
    const { form, webhook } = await setup();
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(webhook.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    expect(webhook.events).toEqual(["response.finished"]);
    expect(webhook.enabled).toBe(true);
    const list = await api.get(`/api/forms/${form.id}/webhooks`);
    expect(list.body.webhooks).toHaveLength(1);
    expect(list.body.webhooks[0]).not.toHaveProperty("secret");
    const one = await api.get(`/api/forms/${form.id}/webhooks/${webhook.id}`);
    expect(one.body.webhook).not.toHaveProperty("secret");
    expect(JSON.stringify(one.body)).not.toContain(webhook.secret.slice(6));
    // Stored encrypted, not as the secret itself.
    const [row] = await queryDatabase<{ secret: string }>(database.url, `SELECT "secret" FROM "Webhook" WHERE "id" = $1`, [webhook.id]);
    expect(row.secret).not.toContain(webhook.secret.slice(6));
  });

  it("refuses unknown fields, unknown events and non-http URLs with 400", async () => {
    const { form } = await setup();
    for (const body of [{ url: "ftp://example.com/x" }, { url: "https://example.com", events: ["response.started"] }, { url: "https://example.com", extra: 1 }, { url: "not a url" }]) {
      const reply = await api.post(`/api/forms/${form.id}/webhooks`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe("validation_failed");
    }
  });

  it("delivers response.finished, signed, with the same response object GET returns", async () => {
    const { form, receiver, webhook } = await setup();
    const r = await submit(server.baseUrl, form.slug, { stars: 4, note: "lovely" });
    expect(r.status).toBe(201);
    const [delivery] = await receiver.waitFor((got) => got.length === 1);
    const stored = await api.get(`/api/forms/${form.id}/responses/${r.id}`);
    expect(delivery.body).toEqual({ type: "response.finished", timestamp: expect.any(String), data: { formId: form.id, responseId: r.id, response: stored.body.response } });
    expect(receiver.unverified).toEqual([]);
    // Results are recorded in batches (lib/outbox/worker.ts RECORD_DELAY_MS), a little after the receiver answered.
    await expect.poll(async () => (await deliveriesOf(form.id, webhook.id)).deliveries[0]?.status).toBe("succeeded");
    const log = await deliveriesOf(form.id, webhook.id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ id: delivery.id, event: "response.finished", status: "succeeded", attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
  });

  it("a submission's delivery is written claimed by the server that took it, and sent by it once", async () => {
    // Held from its commit (attempt 1, leased): no other instance's claim can take it, and the
    // writing server sends it without claiming it first (lib/outbox/enqueue.ts).
    const { form, receiver, webhook } = await setup();
    receiver.script([{ status: 200, delayMs: 400 }]);
    const r = await submit(server.baseUrl, form.slug, { stars: 3 });
    expect(r.status).toBe(201);
    const [row] = await queryDatabase<{ attempts: number | string; leaseUntil: string | Date | null; createdAt: string | Date; status: string }>(
      database.url, `SELECT "attempts", "leaseUntil", "createdAt", "status" FROM "OutboxMessage" WHERE "webhookId" = $1`, [webhook.id]);
    expect({ attempts: Number(row.attempts), status: row.status }).toEqual({ attempts: 1, status: "pending" });
    // The lease a claim takes: 2 × the 1 s timeout + 10 s.
    expect(new Date(row.leaseUntil!).getTime() - new Date(row.createdAt).getTime()).toBe(12_000);
    const [delivery] = await receiver.waitFor((got) => got.length === 1);
    expect(delivery.body.data.responseId).toBe(r.id);
    await expect.poll(async () => (await deliveriesOf(form.id, webhook.id)).deliveries[0]?.status).toBe("succeeded");
    expect((await deliveriesOf(form.id, webhook.id)).deliveries[0]).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    expect(receiver.received).toHaveLength(1);
  });

  it("records a delivery whose receiver answered a NUL byte, once, keeping it as U+FFFD", async () => {
    // PostgreSQL's text holds no NUL: storing it failed the record, and the row was sent again each time its lease ran out.
    const { form, receiver, webhook } = await setup();
    receiver.script([{ status: 200, body: "ok\0done" }]);
    await submit(server.baseUrl, form.slug, { stars: 5 });
    await expect.poll(async () => (await deliveriesOf(form.id, webhook.id)).deliveries[0]?.status).toBe("succeeded");
    expect((await deliveriesOf(form.id, webhook.id)).deliveries[0]).toMatchObject({ attempts: 1, lastStatusCode: 200, responseBody: "ok\uFFFDdone" });
    expect(receiver.received).toHaveLength(1);
  });

  it("retries after 500s with the same webhook-id and body, then succeeds", async () => {
    const { form, receiver, webhook } = await setup();
    receiver.script([{ status: 500 }, { status: 503 }, { status: 200 }]);
    const r = await submit(server.baseUrl, form.slug, { stars: 2 });
    await receiver.waitFor((got) => got.length === 3);
    expect(new Set(receiver.received.map((d) => d.id)).size).toBe(1);
    expect(new Set(receiver.received.map((d) => d.raw)).size).toBe(1);
    expect(receiver.received[0].body.data.responseId).toBe(r.id);
    await expect.poll(async () => (await deliveriesOf(form.id, webhook.id)).deliveries[0].status).toBe("succeeded");
    expect((await deliveriesOf(form.id, webhook.id)).deliveries[0]).toMatchObject({ attempts: 3, lastStatusCode: 200 });
  });

  it("a retry sends the bytes the failed attempt sent, even after the response is deleted", async () => {
    const { form, receiver } = await setup();
    // The first answer comes late: the response is deleted while that attempt is under way.
    receiver.script([{ status: 500, delayMs: 700 }, { status: 200 }]);
    const r = await submit(server.baseUrl, form.slug, { stars: 3, note: "kept" });
    await expect.poll(() => receiver.requests, { timeout: 10_000 }).toBe(1);
    expect((await api.delete(`/api/forms/${form.id}/responses/${r.id}`)).status).toBe(204);
    const got = await receiver.waitFor((d) => d.length === 2);
    expect(got[1].id).toBe(got[0].id);
    expect(got[1].raw).toBe(got[0].raw);
    expect(got[1].body.data.response).toMatchObject({ id: r.id, answers: { stars: 3, note: "kept" } });
  });

  it("counts a timeout and a redirect as failures, and marks the delivery failed when the retries are used up", async () => {
    const { form, receiver, webhook } = await setup();
    // 1 s timeout on the server: a 3 s answer is a failure; then a redirect; then 500s.
    receiver.script([{ status: 200, delayMs: 3_000 }, { status: 302 }, { status: 500, body: "x".repeat(10_000) }]);
    await submit(server.baseUrl, form.slug, { stars: 1 });
    await expect.poll(async () => (await deliveriesOf(form.id, webhook.id)).deliveries[0]?.status, { timeout: 20_000 }).toBe("failed");
    const [delivery] = (await deliveriesOf(form.id, webhook.id)).deliveries;
    // First attempt + the three retries of WEBHOOK_RETRY_DELAYS_MS.
    expect(delivery.attempts).toBe(4);
    expect(delivery.lastStatusCode).toBe(500);
    expect(delivery.responseBody.length).toBeLessThanOrEqual(4096);
    const [first] = await queryDatabase<{ n: number | string }>(database.url, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "webhookId" = $1`, [webhook.id]);
    expect(Number(first.n)).toBe(1);
    // The receiver saw the timed-out and the redirected attempt too (they arrived, their answers did not count).
    expect(receiver.received.length).toBe(4);
  });

  it("disables the webhook on 410 Gone and holds later events", async () => {
    const { form, receiver, webhook } = await setup();
    receiver.script([{ status: 410 }, { status: 200 }]);
    await submit(server.baseUrl, form.slug, { stars: 3 });
    await expect.poll(async () => (await api.get(`/api/forms/${form.id}/webhooks/${webhook.id}`)).body.webhook.enabled).toBe(false);
    const hook = (await api.get(`/api/forms/${form.id}/webhooks/${webhook.id}`)).body.webhook;
    expect(hook.disabledReason).toMatch(/410/);
    expect(hook.disabledAt).not.toBeNull();
    // The attempt's result is written with its batch (lib/outbox/worker.ts), a moment after the webhook is disabled.
    await expect.poll(async () => (await deliveriesOf(form.id, webhook.id)).deliveries[0]?.status).toBe("failed");
    expect((await deliveriesOf(form.id, webhook.id)).deliveries[0]).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 410 });
    // Disabled: a new response queues nothing for it, and nothing more arrives.
    await submit(server.baseUrl, form.slug, { stars: 3 });
    await new Promise((r) => setTimeout(r, 700));
    expect(receiver.requests).toBe(1);
    expect((await deliveriesOf(form.id, webhook.id)).deliveries).toHaveLength(1);
    // Enabled again, it receives new events.
    expect((await api.patch(`/api/forms/${form.id}/webhooks/${webhook.id}`, { enabled: true })).body.webhook).toMatchObject({ enabled: true, disabledReason: null });
    await submit(server.baseUrl, form.slug, { stars: 5 });
    await receiver.waitFor((got) => got.length === 2);
  });

  it("sends response.deleted with the deleted response, and form.unpublished / form.published", async () => {
    const { form, receiver } = await setup(["response.deleted", "form.published", "form.unpublished"]);
    const r = await submit(server.baseUrl, form.slug, { stars: 5, note: "bye" });
    const before = (await api.get(`/api/forms/${form.id}/responses/${r.id}`)).body.response;
    expect((await api.delete(`/api/forms/${form.id}/responses/${r.id}`)).status).toBe(204);
    expect((await api.post(`/api/forms/${form.id}/unpublish`)).status).toBe(200);
    expect((await api.post(`/api/forms/${form.id}/publish`)).status).toBe(200);
    const got = await receiver.waitFor((d) => d.length === 3);
    const byType = new Map(got.map((d) => [d.body.type, d.body.data]));
    // Not subscribed to response.finished: only the three others came.
    expect([...byType.keys()].sort()).toEqual(["form.published", "form.unpublished", "response.deleted"]);
    expect(byType.get("response.deleted")).toEqual({ formId: form.id, responseId: r.id, response: before });
    expect(byType.get("form.unpublished").form).toMatchObject({ id: form.id, status: "draft" });
    expect(byType.get("form.published").form).toMatchObject({ id: form.id, status: "published", publishedVersion: 2 });
  });

  it("sends a test ping, retries a delivery on request, and lists deliveries newest first in pages", async () => {
    const { form, receiver, webhook } = await setup();
    const ping = await api.post(`/api/forms/${form.id}/webhooks/${webhook.id}/test`);
    expect(ping.status).toBe(200);
    expect(ping.body.delivery).toMatchObject({ event: "ping", status: "succeeded", attempts: 1, lastStatusCode: 200 });
    expect(receiver.received[0].body).toMatchObject({ type: "ping", data: { formId: form.id, webhookId: webhook.id } });

    const again = await api.post(`/api/forms/${form.id}/webhooks/${webhook.id}/deliveries/${ping.body.delivery.id}/retry`);
    expect(again.status).toBe(200);
    expect(again.body.delivery).toMatchObject({ id: ping.body.delivery.id, status: "succeeded", attempts: 2 });
    expect(receiver.received.map((d) => d.id)).toEqual([ping.body.delivery.id, ping.body.delivery.id]);

    for (const stars of [1, 2, 3]) await submit(server.baseUrl, form.slug, { stars });
    await receiver.waitFor((d) => d.length === 5);
    const page1 = await deliveriesOf(form.id, webhook.id, "?limit=2");
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    const page2 = await deliveriesOf(form.id, webhook.id, "?limit=2&page=2");
    const all = [...page1.deliveries, ...page2.deliveries];
    expect(all.map((d: { createdAt: string }) => d.createdAt)).toEqual(all.map((d: { createdAt: string }) => d.createdAt).sort().reverse());
    expect(all.at(-1).event).toBe("ping");
    expect((await api.post(`/api/forms/${form.id}/webhooks/${webhook.id}/deliveries/nope/retry`)).status).toBe(404);
  });

  it("throttles test pings per webhook: of 30 at once, 5 are sent and the rest get 429 with Retry-After; another webhook is not throttled", async () => {
    const { form, receiver, webhook } = await setup();
    const second = await setup();
    // The count is per fixed minute: all 30 inside one window.
    await awayFromWindowEnd(TEST_PING_WINDOW_MS, 20_000);
    const replies = await Promise.all(Array.from({ length: 30 }, () => api.post(`/api/forms/${form.id}/webhooks/${webhook.id}/test`)));
    const sent = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    expect(sent).toHaveLength(TEST_PING_LIMIT);
    expect(refused).toHaveLength(30 - TEST_PING_LIMIT);
    for (const r of refused) {
      expect(r.body.error.code).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    await receiver.waitFor((d) => d.length >= TEST_PING_LIMIT);
    expect(receiver.received.filter((d) => d.body.type === "ping")).toHaveLength(TEST_PING_LIMIT);
    const deliveries = await deliveriesOf(form.id, webhook.id);
    expect(deliveries.deliveries.filter((d: { event: string }) => d.event === "ping")).toHaveLength(TEST_PING_LIMIT);

    const other = await api.post(`/api/forms/${second.form.id}/webhooks/${second.webhook.id}/test`);
    expect(other.status).toBe(200);
    expect(other.body.delivery).toMatchObject({ event: "ping", status: "succeeded" });
  });

  it("after rotating the secret signs with both the new and the old secret", async () => {
    const { form, receiver, webhook } = await setup();
    const old = receiver.secrets[0];
    const rotated = await api.post(`/api/forms/${form.id}/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhook.secret).toMatch(/^whsec_/);
    expect(rotated.body.webhook.secret).not.toBe(old);
    receiver.secrets = [rotated.body.webhook.secret, old];
    await submit(server.baseUrl, form.slug, { stars: 4 });
    const [delivery] = await receiver.waitFor((d) => d.length === 1);
    expect(delivery.verifiedWith.sort()).toEqual([rotated.body.webhook.secret, old].sort());
    expect(delivery.signature.split(" ")).toHaveLength(2);
  });

  it("changes and deletes a webhook; a deleted one gets nothing", async () => {
    const { form, receiver, webhook } = await setup();
    const patched = await api.patch(`/api/forms/${form.id}/webhooks/${webhook.id}`, { description: "CRM", events: ["response.finished", "response.deleted"] });
    expect(patched.body.webhook).toMatchObject({ description: "CRM", events: ["response.finished", "response.deleted"] });
    expect((await api.delete(`/api/forms/${form.id}/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await api.get(`/api/forms/${form.id}/webhooks/${webhook.id}`)).status).toBe(404);
    await submit(server.baseUrl, form.slug, { stars: 4 });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toBe(0);
  });

  const deliveryRows = async (webhookId: string) =>
    Number((await queryDatabase<{ n: number | string }>(database.url, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "webhookId" = $1`, [webhookId]))[0].n);

  // webhookId is not a foreign key (see the OutboxMessage model): a trigger does what its cascade did.
  it("deleting a webhook deletes its deliveries, and so does deleting its form", async () => {
    const one = await setup();
    const two = await setup();
    for (const { form, receiver } of [one, two]) {
      expect((await submit(server.baseUrl, form.slug, { stars: 4 })).status).toBe(201);
      await receiver.waitFor((got) => got.length === 1);
    }
    expect(await deliveryRows(one.webhook.id)).toBe(1);
    expect((await api.delete(`/api/forms/${one.form.id}/webhooks/${one.webhook.id}`)).status).toBe(204);
    expect(await deliveryRows(one.webhook.id)).toBe(0);
    expect(await deliveryRows(two.webhook.id)).toBe(1);
    expect((await api.delete(`/api/forms/${two.form.id}`)).status).toBe(204);
    expect(await deliveryRows(two.webhook.id)).toBe(0);
  });

  it("a delivery whose webhook is gone fails at once rather than waiting for ever", async () => {
    const { form, receiver, webhook } = await setup();
    expect((await submit(server.baseUrl, form.slug, { stars: 4 })).status).toBe(201);
    await receiver.waitFor((got) => got.length === 1);
    // A copy of that delivery for a webhook that does not exist (nothing in the app writes one).
    const orphan = `msg_orphan_${Date.now()}`;
    await execDatabase(database.url, [`
      INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt")
      SELECT '${orphan}', "channel", 'wh_gone', "formId", "event", "payload", 'pending', 0, "createdAt", "createdAt"
      FROM "OutboxMessage" WHERE "webhookId" = '${webhook.id}'`]);
    const read = async () =>
      (await queryDatabase<{ status: string; lastError: string | null }>(database.url, `SELECT "status", "lastError" FROM "OutboxMessage" WHERE "id" = $1`, [orphan]))[0];
    await expect.poll(read, { timeout: 10_000 }).toEqual({ status: "failed", lastError: "The webhook no longer exists" });
    expect(receiver.received).toHaveLength(1);
  });

  it("a partial response is not an event; finishing it with PATCH is, once", async () => {
    const { form, receiver } = await setup();
    const cookie = { cookie: "fl_rid=webhook-partial-" + Date.now(), "content-type": "application/json" };
    const started = await fetch(`${server.baseUrl}/api/public/forms/${form.slug}/responses`, { method: "POST", headers: cookie, body: JSON.stringify({ answers: { stars: 2 }, partial: true }) });
    expect(started.status).toBe(201);
    const { response } = (await started.json()) as { response: { id: string } };
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toBe(0);
    const finished = await fetch(`${server.baseUrl}/api/public/forms/${form.slug}/responses/${response.id}`, { method: "PATCH", headers: cookie, body: JSON.stringify({ answers: { note: "done" } }) });
    expect(finished.status).toBe(200);
    const [delivery] = await receiver.waitFor((d) => d.length === 1);
    expect(delivery.body.data.response).toMatchObject({ id: response.id, finished: true, answers: { stars: 2, note: "done" } });
    // Sending the same finish again changes nothing and tells nobody again.
    await fetch(`${server.baseUrl}/api/public/forms/${form.slug}/responses/${response.id}`, { method: "PATCH", headers: cookie, body: JSON.stringify({ answers: { note: "done" } }) });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(1);
  });

  it("a form without webhooks writes no outbox row", async () => {
    const form = await createPublishedForm(api, feedbackSchema);
    expect((await submit(server.baseUrl, form.slug, { stars: 4 })).status).toBe(201);
    const [row] = await queryDatabase<{ n: number | string }>(database.url, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "formId" = $1`, [form.id]);
    expect(Number(row.n)).toBe(0);
  });

  it("a webhook created right after a submission warmed the cache still gets the next response", async () => {
    const form = await createPublishedForm(api, feedbackSchema);
    // Warms the submission path's cache: "no webhook".
    expect((await submit(server.baseUrl, form.slug, { stars: 1 })).status).toBe(201);
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    receiver.secrets = [created.body.webhook.secret];
    const r = await submit(server.baseUrl, form.slug, { stars: 2 });
    const [delivery] = await receiver.waitFor((d) => d.length === 1);
    expect(delivery.body.data.responseId).toBe(r.id);
  });
});
