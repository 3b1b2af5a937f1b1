/**
 * The server's log: JSON lines, one per request with its method, route
 * template, status, time and id, the same id in the `X-Request-Id` header and
 * the error body; and none of the secrets the traffic carried (password,
 * API key, session cookie, webhook secret, answers) anywhere in the log.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishedForm, ownerApi, submit } from "../helpers/instances";
import { startOwnServer, type OwnServer } from "../helpers/own-server";
import { sessionCookie } from "../helpers/session";
import { feedbackSchema, fastWebhookEnv } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

let own: OwnServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  own = await startOwnServer("logs", { ...fastWebhookEnv, LOG_LEVEL: "info" });
}, 90_000);
afterAll(async () => {
  await own?.stop();
  await receiver?.close();
});

const lines = () =>
  own.server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe(`the server log on ${kind}`, () => {
  it("writes one JSON line per request, and its id is the header's and the error body's", async () => {
    const missing = `frm_${randomBytes(8).toString("hex")}`;
    const res = await own.call("GET", `/api/forms/${missing}`);
    expect(res.status).toBe(404);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.error).toMatchObject({ code: "not_found", requestId: id });
    await expect.poll(() => lines().filter((l) => l.requestId === id)).toHaveLength(1);
    const line = lines().find((l) => l.requestId === id)!;
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", route: "/api/forms/{id}", status: 404 });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(line)).not.toContain(missing);
    // The server's own refusals carry an id too.
    const refused = await fetch(`${own.server.baseUrl}/api/forms`, { method: "PROPFIND" });
    expect(refused.status).toBe(405);
    expect((await refused.json()).error.requestId).toBe(refused.headers.get("x-request-id"));
  });

  it("leaves every secret of a session's, a key's, a webhook's and a submission's traffic out of the log", { timeout: 60_000 }, async () => {
    const cookie = await sessionCookie(own.email, own.password, own.server.baseUrl);
    const sessionToken = /=([^;]+)/.exec(cookie)![1];
    const wrongPassword = `wrong-${randomBytes(8).toString("hex")}`;
    await fetch(`${own.server.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: own.server.baseUrl },
      body: new URLSearchParams({ email: own.email, password: wrongPassword }),
      redirect: "manual",
    });
    const api = ownerApi(own.server.baseUrl, own.key);
    const form = await createPublishedForm(api, feedbackSchema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    expect(created.status).toBe(201);
    const webhookSecret = created.body.webhook.secret as string;
    receiver.secrets = [webhookSecret];
    const key = await api.post("/api/keys", { name: "logged?", scope: "read" });
    expect(key.status).toBe(201);
    const newKey = key.body.key as string;
    const answer = `answer-${randomBytes(8).toString("hex")}`;
    expect((await submit(own.server.baseUrl, form.slug, { stars: 3, note: answer })).status).toBe(201);
    await receiver.waitFor((received) => received.length >= 1);
    // A bad key and a refused body are logged as requests, not as what they carried.
    const badKey = `fl_${randomBytes(16).toString("hex")}`;
    expect((await fetch(`${own.server.baseUrl}/api/forms`, { headers: { authorization: `Bearer ${badKey}` } })).status).toBe(401);
    await expect.poll(() => lines().filter((l) => l.route === "/api/public/forms/{slug}/responses").length).toBeGreaterThanOrEqual(1);

    const log = own.server.output();
    for (const [what, secret] of Object.entries({ password: own.password, wrongPassword, key: own.key, newKey, badKey, sessionToken, webhookSecret, answer })) {
      expect(log.includes(secret), `the log holds the ${what}`).toBe(false);
    }
  });
});
