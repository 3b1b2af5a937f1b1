/**
 * Two app instances on one database, both running the outbox worker: every
 * event is delivered, and each delivery is attempted by exactly one instance
 * (claims with leases; FOR UPDATE SKIP LOCKED on PostgreSQL), so a healthy
 * receiver sees each webhook-id exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, inBatches, queryDatabase, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const SUBMISSIONS = 120;

describe(`two instances delivering webhooks on ${kind}`, () => {
  let database: TestDatabase;
  let instances: RunningServer[] = [];
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "whmulti");
    receiver = await startWebhookReceiver();
    // A 1 s timeout (fastWebhookEnv) is shorter than a request can stall on a loaded
    // machine: a timed-out attempt is retried (a second, legitimate delivery of its
    // webhook-id), which this test is not about. Here every attempt must succeed once.
    const env = { ...fastWebhookEnv, WEBHOOK_TIMEOUT_MS: "10000" };
    instances = await Promise.all([startServer(database.url, env), startServer(database.url, env)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.stop()));
    await receiver?.close();
    await database?.drop();
  });

  it("delivers each event exactly once", { timeout: 120_000 }, async () => {
    const key = createOwnerKey(database.url);
    const api = webhookApi(instances[0].baseUrl, key);
    const form = await createPublishedForm(api, feedbackSchema);
    // Two webhooks on the same receiver: each event gives two deliveries with distinct ids.
    for (let i = 0; i < 2; i++) {
      const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
      receiver.secrets.push(created.body.webhook.secret);
    }
    // A slight delay keeps both workers busy at once.
    receiver.script([{ status: 200, delayMs: 20 }]);
    const results = await inBatches(
      Array.from({ length: SUBMISSIONS }, (_, i) => () => submit(instances[i % 2].baseUrl, form.slug, { stars: 1 + (i % 5) })),
      10,
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    await receiver.waitFor((got) => got.length >= SUBMISSIONS * 2, 60_000);
    // Let any duplicate that would come, come.
    await new Promise((r) => setTimeout(r, 1_000));
    const ids = receiver.received.map((d) => d.id);
    expect(ids.length).toBe(SUBMISSIONS * 2);
    expect(new Set(ids).size).toBe(SUBMISSIONS * 2);
    const perResponse = new Map<string, number>();
    for (const d of receiver.received) perResponse.set(d.body.data.responseId, (perResponse.get(d.body.data.responseId) ?? 0) + 1);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set(perResponse.keys()));
    expect([...perResponse.values()].every((n) => n === 2)).toBe(true);
    const rows = await queryDatabase<{ attempts: number | string; status: string }>(database.url, `SELECT "attempts", "status" FROM "OutboxMessage"`);
    expect(rows.every((r) => r.status === "succeeded" && Number(r.attempts) === 1)).toBe(true);
    // Both instances took part (the worker on each claimed some).
    expect(instances.every((s) => !/outbox worker: claim failed/.test(s.output()))).toBe(true);
  });
});
