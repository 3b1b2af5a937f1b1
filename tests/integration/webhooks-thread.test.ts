/**
 * Where webhooks are sent from (lib/outbox/thread.ts): by default the outbox
 * thread, with its own database connection and no Prisma client
 * (lib/outbox/thread-db.ts), claims, builds, signs, sends and records them;
 * with OUTBOX_THREAD=off the app's thread does, as before there was one. Both
 * deliver every event once, signed, with the response object, and record it
 * in the delivery log. On PostgreSQL the thread runs at a lower CPU priority
 * than the app's (OUTBOX_THREAD_NICE, default 10 there, 0 on SQLite).
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, inBatches, queryDatabase, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const THREAD_LINE = "Outbox: webhooks are sent from a thread of their own";
const RESPONSES = 40;

/** The nice value of each thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function niceOfThreads(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => Number(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16]));
}

describe(`where webhooks are sent from (${kind})`, () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, "outboxthread");
    receiver = await startWebhookReceiver();
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await receiver?.close();
    await database?.drop();
  });

  for (const mode of ["the outbox thread", "the app's thread (OUTBOX_THREAD=off)"] as const) {
    it(`${mode}: every response is delivered once, signed, and recorded as succeeded`, { timeout: 90_000 }, async () => {
      const onThread = mode === "the outbox thread";
      const server = await startServer(database.url, { ...fastWebhookEnv, ...(onThread ? {} : { OUTBOX_THREAD: "off" }) });
      servers.push(server);
      const api = webhookApi(server.baseUrl, createOwnerKey(database.url));
      const form = await createPublishedForm(api, feedbackSchema);
      const hook = (await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url })).body.webhook;
      receiver.secrets = [...receiver.secrets, hook.secret];

      const ids = await inBatches(
        Array.from({ length: RESPONSES }, (_, i) => async () => {
          const res = await submit(server.baseUrl, form.slug, { stars: (i % 5) + 1, note: `response ${i}` });
          expect(res.status).toBe(201);
          return res.id!;
        }),
        8,
      );
      const mine = (received: WebhookReceiver["received"]) => received.filter((r) => r.body.data.formId === form.id);
      await receiver.waitFor((received) => new Set(mine(received).map((r) => r.body.data.response.id)).size === RESPONSES);
      const delivered = mine(receiver.received);
      expect(new Set(delivered.map((r) => r.id)).size).toBe(RESPONSES);
      expect(delivered.map((r) => r.body.data.response.id).sort()).toEqual([...ids].sort());
      for (const r of delivered) {
        const i = ids.indexOf(r.body.data.response.id);
        expect(r.body.type).toBe("response.finished");
        expect(r.verifiedWith).toEqual([hook.secret]);
        expect(r.body.data.response.answers).toEqual({ stars: (i % 5) + 1, note: `response ${i}` });
      }

      await expect
        .poll(async () => {
          const log = (await api.get(`/api/forms/${form.id}/webhooks/${hook.id}/deliveries?limit=50`)).body.deliveries as { status: string; attempts: number }[];
          return log.map((d) => `${d.status}/${d.attempts}`);
        }, { timeout: 10_000 })
        .toEqual(Array(RESPONSES).fill("succeeded/1"));
      expect(receiver.unverified).toEqual([]);
      expect(server.output().includes(THREAD_LINE)).toBe(onThread);
    });
  }

  it.runIf(kind === "postgresql")("PostgreSQL: the app's connections show as formloom, the outbox thread's as formloom-outbox", { timeout: 60_000 }, async () => {
    const server = await startServer(database.url, fastWebhookEnv);
    servers.push(server);
    const api = webhookApi(server.baseUrl, createOwnerKey(database.url));
    const form = await createPublishedForm(api, feedbackSchema);
    const hook = (await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url })).body.webhook;
    receiver.secrets = [...receiver.secrets, hook.secret];
    const answered = await submit(server.baseUrl, form.slug, { stars: 4, note: "named connections" });
    expect(answered.status).toBe(201);
    await receiver.waitFor((received) => received.some((r) => r.body.data.response?.id === answered.id));
    // Both pools have connected by now (the submission, its delivery); this query's own connection has no name.
    const names = async () =>
      (await queryDatabase<{ name: string }>(database.url, `SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name <> ''`))
        .map((row) => row.name)
        .sort();
    await expect.poll(names, { timeout: 10_000 }).toEqual(["formloom", "formloom-outbox"]);
    await server.stop();
  });

  const defaultNice = kind === "postgresql" ? 10 : 0;
  for (const asked of [undefined, "5"] as const) {
    const nice = asked === undefined ? defaultNice : Number(asked);
    it.runIf(process.platform === "linux")(
      `the outbox thread alone runs at nice ${nice}${asked === undefined ? " by default" : ` with OUTBOX_THREAD_NICE=${asked}`}`,
      { timeout: 60_000 },
      async () => {
        const server = await startServer(database.url, { ...fastWebhookEnv, ...(asked === undefined ? {} : { OUTBOX_THREAD_NICE: asked }) });
        servers.push(server);
        await expect.poll(() => server.output().includes(THREAD_LINE), { timeout: 20_000 }).toBe(true);
        const values = niceOfThreads(server.process.pid!);
        expect(values.length).toBeGreaterThan(2);
        // One thread at `nice` (none when it is 0), the app's thread and every other at 0.
        expect(values.filter((value) => value !== 0)).toEqual(nice === 0 ? [] : [nice]);
        await server.stop();
      },
    );
  }
});
