/**
 * Server-side request forgery: without WEBHOOK_ALLOW_PRIVATE_URLS a webhook
 * cannot target a loopback, private, link-local or otherwise non-public
 * address — refused at creation (400), and refused again at connect time for
 * a webhook created while private URLs were allowed (the server restarted
 * without the opt-out): the receiver on 127.0.0.1 never gets a request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const { WEBHOOK_ALLOW_PRIVATE_URLS: _optOut, ...strictEnv } = fastWebhookEnv;

describe(`webhook URLs on private addresses (${kind})`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let key: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "ssrf");
    key = createOwnerKey(database.url);
    receiver = await startWebhookReceiver();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it("refuses private, loopback and link-local targets at creation", { timeout: 60_000 }, async () => {
    server = await startServer(database.url, strictEnv);
    const api = webhookApi(server.baseUrl, key);
    const form = await createPublishedForm(api, feedbackSchema);
    const refused = [
      receiver.url,
      "http://localhost:8080/hook",
      "http://[::1]/hook",
      "http://10.0.0.5/hook",
      "http://192.168.1.1/hook",
      "http://172.16.0.1/hook",
      "http://100.64.0.1/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:127.0.0.1]/hook",
      "http://[fd00::1]/hook",
      "http://[fe80::1]/hook",
      "http://0.0.0.0/hook",
      "http://2130706433/hook", // 127.0.0.1 as a number; URL parsing normalizes it
      "http://[::ffff:0:127.0.0.1]/",
      "http://[::ffff:0:169.254.169.254]/",
      "http://[::ffff:0:10.0.0.1]/",
      "http://[64:ff9b::7f00:1]/",
      "http://[4000::1]/",
    ];
    for (const url of refused) {
      const reply = await api.post(`/api/forms/${form.id}/webhooks`, { url });
      expect(reply.status, url).toBe(400);
      expect(reply.body.error.code).toBe("validation_failed");
      expect(reply.body.error.details[0].path).toBe("url");
    }
    // The refusal says why without naming what a name resolves to (no map of internal DNS names).
    const named = await api.post(`/api/forms/${form.id}/webhooks`, { url: "http://localhost:8080/hook" });
    expect(named.body.error.message).toMatch(/localhost does not resolve to a public address/);
    expect(JSON.stringify(named.body)).not.toMatch(/127\.0\.0\.1|::1/);
    expect(receiver.requests).toBe(0);
    await server.stop();
  });

  it("refuses again at connect time: a webhook stored while private URLs were allowed gets nothing", { timeout: 90_000 }, async () => {
    server = await startServer(database.url, fastWebhookEnv);
    let api = webhookApi(server.baseUrl, key);
    const form = await createPublishedForm(api, feedbackSchema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    expect(created.status).toBe(201);
    // A host name, checked by the connection's own lookup (the pooled agent must not skip it).
    const byName = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url.replace("127.0.0.1", "localhost") });
    expect(byName.status).toBe(201);
    await server.stop();

    server = await startServer(database.url, strictEnv);
    api = webhookApi(server.baseUrl, key);
    expect((await submit(server.baseUrl, form.slug, { stars: 3 })).status).toBe(201);
    const deliveries = async () => (await api.get(`/api/forms/${form.id}/webhooks/${created.body.webhook.id}/deliveries`)).body.deliveries;
    await expect.poll(async () => (await deliveries())[0]?.status, { timeout: 20_000 }).toBe("failed");
    const [delivery] = await deliveries();
    expect(delivery.lastError).toMatch(/not a public address/);
    expect(delivery.lastStatusCode).toBeNull();
    const named = async () => (await api.get(`/api/forms/${form.id}/webhooks/${byName.body.webhook.id}/deliveries`)).body.deliveries;
    await expect.poll(async () => (await named())[0]?.status, { timeout: 20_000 }).toBe("failed");
    expect((await named())[0].lastError).toMatch(/localhost does not resolve to a public address/);
    expect((await named())[0].lastError).not.toMatch(/127\.0\.0\.1|::1/);
    expect(receiver.requests).toBe(0);
  });
});
