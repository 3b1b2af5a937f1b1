/**
 * Responses held as suspected spam, end to end on a server of its own (real
 * webhooks to a receiver on 127.0.0.1): a response finished sooner than the
 * minimum fill time is kept, shown under spam=only with its reasons, and
 * counted nowhere (list, response count, analytics, completion, webhooks)
 * until the owner restores it, which makes it count exactly once and notify.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueStartToken, MIN_FILL_MS } from "@/lib/public/spam";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, TEST_AUTH_SECRET, type RunningServer } from "../setup/server";
import { createPublishedForm, queryDatabase } from "../helpers/instances";
import { fastWebhookEnv, webhookApi } from "../helpers/webhook-api";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

const schema = {
  title: "Poll",
  questions: [
    { key: "stars", type: "rating", title: "How was it?", required: true, scaleMin: 1, scaleMax: 5 },
    { key: "ref", type: "hidden" },
  ],
};
const notSuspected = { suspected: false, reasons: [] };
const tooFast = { suspected: true, reasons: ["too_fast"] };

describe(`responses held as suspected spam (${kind})`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let receiver: WebhookReceiver;
  let api: ReturnType<typeof webhookApi>;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "spam-hold");
    receiver = await startWebhookReceiver();
    server = await startServer(database.url, fastWebhookEnv);
    key = createOwnerKey(database.url);
    api = webhookApi(server.baseUrl, key);
    // Tokens minted here must verify on the server, which signs with this secret.
    process.env.AUTH_SECRET = TEST_AUTH_SECRET;
  }, 120_000);

  afterAll(async () => {
    if (process.env.SHOW_SERVER_LOG) console.log(server?.output());
    await server?.stop();
    await receiver?.close();
    await database?.drop();
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(server.baseUrl + path, { method: "POST", headers: { "content-type": "application/json", cookie: `fl_rid=${Math.random().toString(36).slice(2)}x` }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const respond = (slug: string, answers: Record<string, unknown>, startToken?: string) => post(`/api/public/forms/${slug}/responses`, { answers, startToken });
  const fresh = async (slug: string) => (await api.get(`/api/public/forms/${slug}`)).body.form.startToken as string;
  const oldEnough = (formId: string) => issueStartToken(formId, Date.now() - MIN_FILL_MS - 2_000);
  const list = async (formId: string, query = "") => (await api.get(`/api/forms/${formId}/responses${query}`)).body;
  const summary = async (formId: string, query = "") => (await api.get(`/api/forms/${formId}/analytics/summary${query}`)).body;
  const stars = (body: { questions: { key: string; summary: { count: number } }[] }) => body.questions.find((q) => q.key === "stars")!.summary.count;
  const outboxOf = (responseId: string) =>
    queryDatabase<{ event: string }>(database.url, `SELECT "event" FROM "OutboxMessage" WHERE "payload" LIKE $1`, [`%${responseId}%`]);
  const stored = async (id: string) =>
    (await queryDatabase<{ finished: unknown; submittedAt: unknown; submittedDay: unknown; spamReasons: unknown }>(
      database.url, `SELECT "finished", "submittedAt", "submittedDay", "spamReasons" FROM "Response" WHERE "id" = $1`, [id]))[0];

  async function formWithWebhook() {
    const form = await createPublishedForm(api, schema);
    const created = await api.post(`/api/forms/${form.id}/webhooks`, { url: receiver.url });
    expect(created.status).toBe(201);
    receiver.secrets.push(created.body.webhook.secret);
    return form;
  }
  const deliveriesFor = (id: string) => receiver.received.filter((r) => r.body?.data?.responseId === id);
  const csvOf = async (formId: string, query = "") =>
    (await fetch(`${server.baseUrl}/api/forms/${formId}/responses/export${query}`, { headers: { authorization: `Bearer ${key}` } })).text();

  it("keeps a too-fast submission, lists it only under spam=only, and counts it nowhere until restored", { timeout: 60_000 }, async () => {
    const form = await formWithWebhook();
    const real = await respond(form.slug, { stars: 5, ref: "ad" }, oldEnough(form.id));
    expect(real.status).toBe(201);
    expect(real.body.response.spam).toEqual(notSuspected);
    await receiver.waitFor(() => deliveriesFor(real.body.response.id).length === 1);

    const fast = await respond(form.slug, { stars: 1, ref: "ad" }, await fresh(form.slug));
    expect(fast.status).toBe(201);
    expect(fast.body.response).toMatchObject({ finished: true, submittedAt: expect.any(String), spam: tooFast });
    const id = fast.body.response.id as string;

    // Stored: submitted, not finished, with its reasons.
    const row = await stored(id);
    expect([Boolean(row.finished), row.submittedAt !== null, row.submittedDay, row.spamReasons]).toEqual([false, true, null, JSON.stringify(["too_fast"])]);
    const item = await api.get(`/api/forms/${form.id}/responses/${id}`);
    expect(item.status).toBe(200);
    expect(item.body.response).toMatchObject({ id, finished: true, answers: { stars: 1 }, metadata: { ref: "ad" }, spam: tooFast });

    // Out of the list (default), the counts and the analytics; in spam=only and spam=include.
    const normal = await list(form.id);
    expect([normal.pagination.total, normal.responses.map((r: { id: string }) => r.id)]).toEqual([1, [real.body.response.id]]);
    expect((await list(form.id, "?spam=exclude")).pagination.total).toBe(1);
    const held = await list(form.id, "?spam=only");
    expect([held.pagination.total, held.responses.map((r: { id: string; spam: unknown }) => [r.id, r.spam])]).toEqual([1, [[id, tooFast]]]);
    expect((await list(form.id, "?spam=include")).pagination.total).toBe(2);
    expect((await list(form.id, "?spam=only&metadata[ref]=ad")).pagination.total).toBe(1);
    expect((await list(form.id, "?spam=only&search=zzz")).pagination.total).toBe(0);
    expect((await api.get(`/api/forms/${form.id}/responses?spam=maybe`)).status).toBe(400);
    const before = await summary(form.id);
    // No views recorded by the API: completion is finished ÷ started, and a held response is neither.
    expect([before.totalResponses, before.todayResponses, stars(before), before.completionRate]).toEqual([1, 1, 1, 1]);
    expect((await summary(form.id, "?metadata[ref]=ad")).completionRate).toBe(1);
    expect((await api.get(`/api/forms/${form.id}`)).body.form.responseCount).toBe(1);
    const csv = await csvOf(form.id);
    expect([csv.trim().split("\n").length, csv.includes(id)]).toEqual([2, false]);
    expect(await csvOf(form.id, "?spam=only")).toContain(id);
    // No webhook or email for it.
    expect(await outboxOf(id)).toEqual([]);

    // Restored: counted exactly once, notified once.
    const restored = await api.patch(`/api/forms/${form.id}/responses/${id}`, { spam: false });
    expect(restored.status).toBe(200);
    expect(restored.body.response).toMatchObject({ id, finished: true, submittedAt: item.body.response.submittedAt, spam: notSuspected });
    const again = await api.patch(`/api/forms/${form.id}/responses/${id}`, { spam: false });
    expect(again.status).toBe(200);
    await receiver.waitFor(() => deliveriesFor(id).length === 1);
    expect(deliveriesFor(id)[0].body.type).toBe("response.finished");
    expect((await outboxOf(id)).map((m) => m.event)).toEqual(["response.finished"]);
    const after = await summary(form.id);
    expect([after.totalResponses, after.todayResponses, stars(after), after.completionRate]).toEqual([2, 2, 2, 1]);
    expect((await list(form.id)).pagination.total).toBe(2);
    expect((await list(form.id, "?spam=only")).pagination.total).toBe(0);
    expect((await api.get(`/api/forms/${form.id}`)).body.form.responseCount).toBe(2);
    // One audit entry: the second PATCH changed nothing.
    const audit = await queryDatabase(database.url, `SELECT "targetId" FROM "AuditLogEntry" WHERE "action" = 'response.restored' AND "targetId" = $1`, [id]);
    expect(audit).toHaveLength(1);
  });

  it("takes no slot under maxResponses while held", async () => {
    const form = await createPublishedForm(api, schema, { maxResponses: 1 });
    expect((await respond(form.slug, { stars: 2 }, await fresh(form.slug))).body.response.spam).toEqual(tooFast);
    expect((await respond(form.slug, { stars: 3 })).status).toBe(201);
    expect((await respond(form.slug, { stars: 4 })).body.error.code).toBe("form_full");
  });

  it("deletes a held response without a response.deleted event", async () => {
    const form = await formWithWebhook();
    const id = (await respond(form.slug, { stars: 2 }, await fresh(form.slug))).body.response.id as string;
    expect((await api.delete(`/api/forms/${form.id}/responses/${id}`)).status).toBe(204);
    expect((await api.get(`/api/forms/${form.id}/responses/${id}`)).status).toBe(404);
    expect(await outboxOf(id)).toEqual([]);
    expect((await api.get(`/api/forms/${form.id}`)).body.form.responseCount).toBe(0);
  });

  it("holds a too-fast finish of a partial response: it is then submitted (409 on change) and no longer in progress", async () => {
    const form = await createPublishedForm(api, schema);
    const cookie = `fl_rid=${Math.random().toString(36).slice(2)}partial`;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(server.baseUrl + path, { method, headers: { "content-type": "application/json", cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const base = `/api/public/forms/${form.slug}/responses`;
    const startToken = await fresh(form.slug);
    const started = await call("POST", base, { answers: { stars: 3 }, partial: true, startToken });
    expect(started.status).toBe(201);
    const id = started.body.response.id as string;
    const done = await call("PATCH", `${base}/${id}`, { answers: {}, startToken });
    expect(done.status).toBe(200);
    expect(done.body.response).toMatchObject({ id, finished: true, spam: tooFast });
    // The same finish again answers the same; a change is refused like on any submitted response.
    expect((await call("PATCH", `${base}/${id}`, { answers: {}, startToken: oldEnough(form.id) })).body.response).toMatchObject({ id, spam: tooFast });
    const changed = await call("PATCH", `${base}/${id}`, { answers: { stars: 5 }, startToken: oldEnough(form.id) });
    expect([changed.status, changed.body.error.code]).toEqual([409, "response_finished"]);
    expect((await call("GET", `${base}/current`)).status).toBe(404);
    expect((await list(form.id, "?spam=only")).pagination.total).toBe(1);
    expect((await summary(form.id)).completionRate).toBe(0);
  });

  it("refuses a restore body other than {spam: false}", async () => {
    const form = await createPublishedForm(api, schema);
    const id = (await respond(form.slug, { stars: 2 }, await fresh(form.slug))).body.response.id as string;
    for (const body of [{ spam: true }, { spam: false, extra: 1 }, {}]) {
      const res = await api.patch(`/api/forms/${form.id}/responses/${id}`, body);
      expect([res.status, res.body.error.code]).toEqual([400, "validation_failed"]);
    }
    expect((await api.patch(`/api/forms/${form.id}/responses/nope`, { spam: false })).status).toBe(404);
  });
});
