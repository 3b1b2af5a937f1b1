/**
 * A webhook whose deliveries keep failing is disabled once it has failed
 * without a single success for WEBHOOK_DISABLE_AFTER_MS (5 days by default;
 * 1 s here), with the reason recorded; a success in between resets the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, submit } from "../helpers/instances";
import { fastWebhookEnv, feedbackSchema, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

describe(`a webhook failing for too long (${kind})`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "whdisable");
    receiver = await startWebhookReceiver();
    server = await startServer(database.url, { ...fastWebhookEnv, WEBHOOK_DISABLE_AFTER_MS: "1000", WEBHOOK_RETRY_DELAYS_MS: "300,300,300,300,300,300,300,300" });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it("is disabled with its reason, and its pending delivery waits", { timeout: 60_000 }, async () => {
    const api = webhookApi(server.baseUrl, createOwnerKey(database.url));
    const form = await createPublishedForm(api, feedbackSchema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    receiver.secrets = [created.body.webhook.secret];
    const path = `/api/forms/${form.id}/webhooks/${created.body.webhook.id}`;
    receiver.script([{ status: 500, delayMs: 300 }]);
    await submit(server.baseUrl, form.slug, { stars: 1 });
    await expect.poll(async () => (await api.get(path)).body.webhook.enabled, { timeout: 30_000 }).toBe(false);
    const { webhook } = (await api.get(path)).body;
    expect(webhook.disabledReason).toMatch(/^Every delivery has failed since \S+ \(last: HTTP 500\)$/);
    const attemptsWhenDisabled = receiver.requests;
    // More than 1 s of failures took several attempts, but the schedule was not used up.
    expect(attemptsWhenDisabled).toBeGreaterThanOrEqual(2);
    expect(attemptsWhenDisabled).toBeLessThan(9);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.requests).toBe(attemptsWhenDisabled);
    const [delivery] = (await api.get(`${path}/deliveries`)).body.deliveries;
    expect(delivery.status).toBe("pending");
    // Enabled again with a healthy receiver: the held delivery goes out.
    receiver.script([{ status: 200 }]);
    expect((await api.patch(path, { enabled: true })).status).toBe(200);
    await expect.poll(async () => (await api.get(`${path}/deliveries`)).body.deliveries[0].status, { timeout: 20_000 }).toBe("succeeded");
  });
});
