/**
 * Deliveries that fall behind submissions (a receiver slower than the
 * submissions, one request at a time): the worker holds at most MAX_HELD rows
 * (lib/outbox/worker.ts), hands back the rows written claimed that it has no
 * room for, and turns the hand-off off, so that submissions write their rows
 * unclaimed and its claims take them oldest first. Without that, the rows
 * handed back waited in the database while newer ones, handed over, kept
 * going first: they went out only once the load stopped (seconds late).
 * Once its claims catch up, rows are written claimed again.
 *
 * Rows held that long outlast their lease's window to start: each is renewed
 * and sent again in its place in the queue (lib/webhooks/post-queue.ts).
 * Queued again at the back, a whole batch of them went out behind the batch
 * claimed after it (overtaken by ~128).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, inBatches, queryDatabase, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const SUBMISSIONS = 600;
/** How many later responses may reach the receiver before an earlier one: rows committed in the same few rounds. */
const OVERTAKEN_AT_MOST = 30;
const TIMEOUT_MS = 4_000;
/** A held row's POST starts at most this long after its claim (the lease, 2 × timeout + 10 s, less a timeout and 5 s), or its lease is renewed first. */
const START_WINDOW_MS = 2 * TIMEOUT_MS + 10_000 - TIMEOUT_MS - 5_000;

describe(`webhook deliveries behind the submissions on ${kind}`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "whbacklog");
    receiver = await startWebhookReceiver();
    // One request at a time to a receiver that takes 40 ms: ~25 deliveries a second. A timeout
    // long beside those 40 ms (every attempt here must succeed once), and short enough that the
    // rows held waiting (up to MAX_HELD, ~13 s of deliveries) outlast their lease's window to start.
    server = await startServer(database.url, { ...fastWebhookEnv, WEBHOOK_CONCURRENCY: "1", WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it("keeps deliveries in order when they fall behind, and writes rows claimed again once caught up", { timeout: 120_000 }, async () => {
    const api = webhookApi(server.baseUrl, createOwnerKey(database.url));
    const form = await createPublishedForm(api, feedbackSchema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    receiver.secrets = [created.body.webhook.secret];
    const webhookId: string = created.body.webhook.id;
    receiver.script([{ status: 200, delayMs: 40 }]);

    const unclaimedNow = async () =>
      Number((await queryDatabase<{ n: number | string }>(database.url, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "webhookId" = $1 AND "status" = 'pending' AND "leaseUntil" IS NULL`, [webhookId]))[0].n);
    let mostUnclaimed = 0;
    let loading = true;
    const sampling = (async () => {
      while (loading) {
        mostUnclaimed = Math.max(mostUnclaimed, await unclaimedNow());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const acknowledged: string[] = [];

    await inBatches(
      Array.from({ length: SUBMISSIONS }, (_, i) => async () => {
        const r = await submit(server.baseUrl, form.slug, { stars: 1 + (i % 5) });
        expect(r.status).toBe(201);
        acknowledged.push(r.id!);
      }),
      1,
    );
    // Written while the worker is behind: unclaimed from its commit (attempt 0, no lease). Without
    // the hand-off turned off, it would be written claimed and handed back only after it reached
    // the worker (at least 50 ms later, lib/outbox/thread.ts).
    const rowOf = async (responseId: string) =>
      (await queryDatabase<{ attempts: number | string; leaseUntil: unknown }>(
        database.url, `SELECT "attempts", "leaseUntil" FROM "OutboxMessage" WHERE "webhookId" = $1 AND "payload" LIKE $2`, [webhookId, `%${responseId}%`]))[0];
    const lastRow = await rowOf(acknowledged[acknowledged.length - 1]);
    loading = false;
    await sampling;
    expect({ attempts: Number(lastRow.attempts), leased: lastRow.leaseUntil !== null }).toEqual({ attempts: 0, leased: false });
    expect(mostUnclaimed).toBeGreaterThan(0);

    await receiver.waitFor((got) => got.length >= SUBMISSIONS, 90_000);
    const delivered = receiver.received.map((d) => d.body.data.responseId as string);
    expect(new Set(delivered).size).toBe(SUBMISSIONS);
    expect(receiver.unverified).toEqual([]);
    // Some rows waited longer than their lease's window (the POST's webhook-timestamp, in whole
    // seconds, against the event's time), so their leases were renewed before they went out.
    const waited = Math.max(...receiver.received.map((d) => Number(d.timestamp) * 1000 - Date.parse(d.body.timestamp)));
    expect(waited).toBeGreaterThan(START_WINDOW_MS);
    // In order, give or take the rows of a few rounds: no response is overtaken by more than a
    // few rounds' worth of responses acknowledged after it, renewed rows included (they keep their
    // place in the queue).
    const arrival = new Map(delivered.map((id, i) => [id, i]));
    const worst = Math.max(...acknowledged.map((_, i) => overtakers(acknowledged, arrival, i)));
    expect(worst).toBeLessThanOrEqual(OVERTAKEN_AT_MOST);

    // Caught up: a new submission's row is written claimed again (attempt 1, leased, from its commit).
    await expect.poll(unclaimedNow, { timeout: 30_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 1_000));
    receiver.script([{ status: 200, delayMs: 500 }]);
    const r = await submit(server.baseUrl, form.slug, { stars: 5 });
    const row = await rowOf(r.id!);
    expect({ attempts: Number(row.attempts), leased: row.leaseUntil !== null }).toEqual({ attempts: 1, leased: true });
    await receiver.waitFor((got) => got.some((d) => d.body.data.responseId === r.id), 20_000);
  });
});

/** How many responses acknowledged after acknowledged[i] arrived before it. */
function overtakers(acknowledged: string[], arrival: Map<string, number>, i: number): number {
  const at = arrival.get(acknowledged[i])!;
  let n = 0;
  for (let j = i + 1; j < acknowledged.length; j++) if (arrival.get(acknowledged[j])! < at) n++;
  return n;
}
