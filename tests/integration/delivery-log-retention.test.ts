/**
 * The delivery log is kept DELIVERY_LOG_RETENTION_DAYS after each delivery's
 * last attempt (lib/outbox/retention.ts): a server pruning every 200 ms here
 * deletes the finished deliveries past it — more than one batch of them — and
 * keeps the recent ones, one delivered recently after waiting long, and a
 * pending one however old. And one prune clears a backlog of many batches,
 * email deliveries included, and (PostgreSQL) leaves alone a delivery that
 * a retry makes pending while the prune waits for it.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { postgresValue, sqliteValue } from "@/lib/db/values";
import { pruneDeliveryLog } from "@/lib/outbox/retention";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, execDatabase, queryDatabase, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const DAY_MS = 24 * 60 * 60 * 1000;
/** More than one DELETE's worth (500). */
const BULK = 1_200;

/** A DateTime as the app stores it, for a statement written by hand. */
const stored = (date: Date) => `'${kind === "sqlite" ? sqliteValue(date) : postgresValue(date)}'`;

describe(`the delivery log's retention (${kind})`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "retention");
    receiver = await startWebhookReceiver();
    server = await startServer(database.url, { ...fastWebhookEnv, DELIVERY_LOG_RETENTION_DAYS: "2", OUTBOX_PRUNE_MS: "200" });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it("deletes finished deliveries past the retention and keeps the rest", { timeout: 60_000 }, async () => {
    const api = webhookApi(server.baseUrl, createOwnerKey(database.url));
    const form = await createPublishedForm(api, feedbackSchema);
    const hook = (await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url })).body.webhook;
    receiver.secrets = [hook.secret];
    // A second webhook, disabled: its delivery waits, pending, for it to be enabled again.
    const waiting = (await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url, events: ["form.published"] })).body.webhook;
    expect((await api.patch(`/api/forms/${form.id}/webhooks/${waiting.id}`, { enabled: false })).status).toBe(200);

    for (const stars of [1, 2, 3, 4]) expect((await submit(server.baseUrl, form.slug, { stars })).status).toBe(201);
    await receiver.waitFor((received) => received.length === 4);
    const log = `/api/forms/${form.id}/webhooks/${hook.id}/deliveries?limit=50`;
    await expect.poll(async () => (await api.get(log)).body.deliveries.map((d: { status: string }) => d.status), { timeout: 10_000 })
      .toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    const [d0, d1, d2, d3] = ((await api.get(log)).body.deliveries as { id: string }[]).map((d) => d.id).reverse();

    const old = stored(new Date(Date.now() - 3 * DAY_MS));
    const recent = stored(new Date(Date.now() - DAY_MS));
    const bulk = Array.from({ length: BULK }, (_, i) =>
      `('msg_bulk_${i}', 'webhook', '${hook.id}', '${form.id}', 'response.finished', '{}', 'succeeded', 1, ${old}, ${old}, ${old})`);
    await execDatabase(database.url, [
      `UPDATE "OutboxMessage" SET "nextAttemptAt" = ${old}, "deliveredAt" = ${old}, "createdAt" = ${old} WHERE "id" = '${d0}'`,
      `UPDATE "OutboxMessage" SET "status" = 'failed', "nextAttemptAt" = ${old}, "deliveredAt" = NULL, "createdAt" = ${old} WHERE "id" = '${d1}'`,
      // Due long ago, delivered only recently (its webhook was disabled meanwhile): kept from its delivery.
      `UPDATE "OutboxMessage" SET "nextAttemptAt" = ${old}, "deliveredAt" = ${recent}, "createdAt" = ${old} WHERE "id" = '${d2}'`,
      `UPDATE "OutboxMessage" SET "nextAttemptAt" = ${recent}, "deliveredAt" = ${recent}, "createdAt" = ${recent} WHERE "id" = '${d3}'`,
      `INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt")
       VALUES ('msg_old_pending', 'webhook', '${waiting.id}', '${form.id}', 'form.published', '{}', 'pending', 0, ${old}, ${old})`,
      `INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt", "deliveredAt")
       VALUES ${bulk.join(", ")}`,
    ]);

    const remaining = async () =>
      (await queryDatabase<{ id: string }>(database.url, `SELECT "id" FROM "OutboxMessage" ORDER BY "id"`)).map((row) => row.id);
    await expect.poll(remaining, { timeout: 20_000, interval: 100 }).toEqual([d2, d3, "msg_old_pending"].sort());
    // The log answers without them; the disabled webhook's pending delivery is still there.
    expect((await api.get(log)).body.deliveries.map((d: { id: string }) => d.id)).toEqual([d3, d2]);
    const held = (await api.get(`/api/forms/${form.id}/webhooks/${waiting.id}/deliveries`)).body.deliveries;
    expect(held.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([["msg_old_pending", "pending"]]);
    // Later prunes leave what is within the retention alone.
    await new Promise((r) => setTimeout(r, 600));
    expect(await remaining()).toEqual([d2, d3, "msg_old_pending"].sort());
  });
});

describe(`one prune of the delivery log (${kind})`, () => {
  it("clears a backlog bigger than one batch, email deliveries too", async () => {
    const prefix = `msg_backlog_${Date.now()}_`;
    const old = new Date(Date.now() - 40 * DAY_MS);
    await db.outboxMessage.createMany({
      data: Array.from({ length: BULK }, (_, i) => ({
        id: prefix + i, channel: "email", formId: null, event: "webhook.disabled", payload: "{}",
        status: i % 2 ? "succeeded" : "failed", attempts: 1, nextAttemptAt: old, createdAt: old, deliveredAt: i % 2 ? old : null,
      })),
    });
    const left = () => db.outboxMessage.count({ where: { id: { startsWith: prefix } } });
    expect(await left()).toBe(BULK);
    // Kept when the retention is longer than their age; all gone, in one call, when it is shorter.
    await pruneDeliveryLog(new Date(), 60);
    expect(await left()).toBe(BULK);
    expect(await pruneDeliveryLog(new Date(), 30)).toBeGreaterThanOrEqual(BULK);
    expect(await left()).toBe(0);
  });

  it.runIf(kind === "postgresql")("keeps a delivery a retry makes pending while the prune waits for its row", { timeout: 30_000 }, async () => {
    const id = `msg_retried_${Date.now()}`;
    const old = new Date(Date.now() - 40 * DAY_MS);
    await db.outboxMessage.create({
      data: { id, channel: "email", event: "webhook.disabled", payload: "{}", status: "succeeded", attempts: 1, nextAttemptAt: old, createdAt: old, deliveredAt: old },
    });
    // The retry's claim (lib/outbox/claim.ts claimForRetry), held open on another connection.
    const retry = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await retry.connect();
    try {
      await retry.query("BEGIN");
      // Due in an hour, so the suite server's worker leaves it alone afterwards.
      await retry.query(`UPDATE "OutboxMessage" SET "status" = 'pending', "nextAttemptAt" = $1, "attempts" = "attempts" + 1 WHERE "id" = $2`, [postgresValue(new Date(Date.now() + 3_600_000)), id]);
      const pruning = pruneDeliveryLog(new Date(), 30);
      const waiting = async () => {
        // Inside a transaction PostgreSQL keeps the first read of pg_stat_activity until it ends: a
        // poll that ran before the DELETE started waiting would read that forever. Read it afresh.
        await retry.query("SELECT pg_stat_clear_snapshot()");
        return (await retry.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND starts_with(query, 'DELETE FROM "OutboxMessage"')`)).rows[0].n;
      };
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      await retry.query("COMMIT");
      await pruning;
    } finally {
      await retry.end();
    }
    expect(await db.outboxMessage.findUnique({ where: { id }, select: { status: true, attempts: true } })).toEqual({ status: "pending", attempts: 2 });
    await db.outboxMessage.delete({ where: { id } });
  });
});

describe(`a DELIVERY_LOG_RETENTION_DAYS that is not a number of days (${kind})`, () => {
  it("stops the server's start with the reason, instead of serving without its background work", { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind, "badretention");
    try {
      await expect(startServer(database.url, { DELIVERY_LOG_RETENTION_DAYS: "thirty" }))
        .rejects.toThrow(/exited with 1[\s\S]*did not start: [^\n]*DELIVERY_LOG_RETENTION_DAYS must be a number of days/);
    } finally {
      await database.drop();
    }
  });
});
