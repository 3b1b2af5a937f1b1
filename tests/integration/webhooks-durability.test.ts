/**
 * The outbox under kill -9: submissions stream in while the server is killed
 * with SIGKILL twice and restarted on the same database. Every response that
 * got its 201 must reach the receiver (signature verified) once the last
 * server has caught up: its delivery was committed with the response, and a
 * restarted worker resumes pending rows and those whose claim died with the
 * killed process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, queryDatabase, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KILLS = 2;
const CONCURRENCY = 8;
// A slow receiver keeps attempts in flight when the kill comes.
const env = { ...fastWebhookEnv, WEBHOOK_TIMEOUT_MS: "2000" };

describe(`webhook deliveries across kill -9 on ${kind}`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "whdurable");
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await receiver?.close();
    await database?.drop();
  });

  it("delivers every acknowledged response after the kills", { timeout: 180_000 }, async () => {
    const key = createOwnerKey(database.url);
    server = await startServer(database.url, env);
    const api = webhookApi(server.baseUrl, key);
    const form = await createPublishedForm(api, feedbackSchema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    receiver.secrets = [created.body.webhook.secret];
    receiver.script([{ status: 200, delayMs: 30 }]);

    const acknowledged: string[] = [];
    let cutOff = 0;
    let stop = false;
    let ready: Promise<void> = Promise.resolve();
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        await ready;
        try {
          const r = await submit(server.baseUrl, form.slug, { stars: 1 + ((w + i) % 5), note: `w${w} #${i}` });
          if (r.status === 201) acknowledged.push(r.id!);
        } catch {
          cutOff++;
          await sleep(10);
        }
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, (_, w) => worker(w));
    for (let round = 0; round < KILLS; round++) {
      const before = acknowledged.length;
      for (const deadline = Date.now() + 20_000; acknowledged.length - before < 20 && Date.now() < deadline; ) await sleep(20);
      await sleep(Math.random() * 300);
      let resume!: () => void;
      ready = new Promise((r) => (resume = r));
      await server.stop("SIGKILL");
      server = await startServer(database.url, env);
      resume();
    }
    await sleep(500);
    stop = true;
    await Promise.all(workers);
    expect(cutOff).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(40);

    // Claims held by the killed processes expire (lease = 2 × timeout + 10 s), then everything goes out.
    const delivered = () => new Set(receiver.received.map((d) => d.body.data.responseId as string));
    await receiver.waitFor(() => acknowledged.every((id) => delivered().has(id)), 90_000);
    expect(receiver.unverified).toEqual([]);
    await expect
      .poll(async () => Number((await queryDatabase<{ n: number | string }>(database.url, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "status" <> 'succeeded'`))[0].n), { timeout: 30_000 })
      .toBe(0);
  });
});
