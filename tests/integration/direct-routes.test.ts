/**
 * scripts/direct-routes.mjs serves POST /api/public/forms/:slug/responses
 * without Next's request pipeline. These tests run two servers on one
 * database, one with it and one without (FORMLOOM_DIRECT_ROUTES=off), and
 * fail if the direct answer differs from Next's in status, body or headers
 * (security headers included), or if the request did not take the direct
 * path at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, ownerApi, queryDatabase } from "../helpers/instances";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const schema = {
  title: "Direct",
  questions: [
    { key: "stars", type: "rating", title: "How was it?", required: true, scaleMin: 1, scaleMax: 5 },
    { key: "note", type: "short-text", title: "Anything else?" },
  ],
};

/** Headers that say how the bytes travelled, not what the answer is; and Next's RSC vary (only on its path). */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "vary"]);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  vary: string | null;
}

describe(`the public submission served without Next's pipeline (${kind})`, () => {
  let database: TestDatabase;
  let direct: RunningServer;
  let viaNext: RunningServer;
  let slug: string;
  let formId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "direct");
    [direct, viaNext] = await Promise.all([
      startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" }),
      startServer(database.url, { SUBMISSION_RATE_LIMIT: "0", FORMLOOM_DIRECT_ROUTES: "off" }),
    ]);
    const form = await createPublishedForm(ownerApi(direct.baseUrl, createOwnerKey(database.url)), schema, { maxResponses: 3 });
    slug = form.slug;
    formId = form.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([direct?.stop(), viaNext?.stop()]);
    await database?.drop();
  });

  async function post(server: RunningServer, path: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(server.baseUrl + path, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
    const text = await res.text();
    const kept = Object.fromEntries([...res.headers].filter(([name]) => !TRANSPORT.has(name)));
    // The cookie's value is a new id each time; its attributes must match.
    if (kept["set-cookie"]) kept["set-cookie"] = kept["set-cookie"].replace(/^fl_rid=[^;]+/, "fl_rid=<id>");
    // Each request has its own id (X-Request-Id, and requestId in an error body); both answers must carry one.
    if (kept["x-request-id"]) kept["x-request-id"] = "<request id>";
    const body_ = text ? JSON.parse(text) : null;
    if (typeof body_?.error?.requestId === "string") body_.error.requestId = "<request id>";
    const response = body_?.response;
    if (response?.id) Object.assign(response, { id: "<id>", submittedAt: "<at>" });
    return { status: res.status, headers: kept, body: body_, vary: res.headers.get("vary") };
  }

  /** The same request to both servers: the same answer, and only the direct one skipped Next. */
  async function same(path: string, body: string, headers: Record<string, string> = {}) {
    const a = await post(direct, path, body, headers);
    const b = await post(viaNext, path, body, headers);
    expect({ ...a, vary: null }).toEqual({ ...b, vary: null });
    expect(b.vary).toMatch(/rsc/);
    expect(a.vary).toBeNull();
    return a;
  }

  it("answers a submission exactly as Next does, with the security headers and the respondent cookie, and stores it", async () => {
    const a = await same(`/api/public/forms/${slug}/responses`, JSON.stringify({ answers: { stars: 4, note: "hi" } }));
    expect(a.status).toBe(201);
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    expect(a.headers["cache-control"]).toBe("no-store");
    expect(a.headers["set-cookie"]).toMatch(/^fl_rid=<id>/);
    const [row] = await queryDatabase<{ n: number | string }>(database.url, `SELECT count(*) AS n FROM "Response" WHERE "formId" = $1`, [formId]);
    expect(Number(row.n)).toBe(2);
  });

  it("answers every refusal exactly as Next does: invalid answers, bad JSON, unknown fields and query, unknown form, too large, full", async () => {
    const path = `/api/public/forms/${slug}/responses`;
    expect((await same(path, JSON.stringify({ answers: { stars: 9 } }))).status).toBe(400);
    expect((await same(path, "{not json")).status).toBe(400);
    expect((await same(path, JSON.stringify({ answers: { stars: 1 }, extra: true }))).status).toBe(400);
    expect((await same(`${path}?x=1`, JSON.stringify({ answers: { stars: 1 } }))).status).toBe(400);
    expect((await same(`/api/public/forms/no-such-form/responses`, JSON.stringify({ answers: { stars: 1 } }))).status).toBe(404);
    expect((await same(path, JSON.stringify({ answers: { stars: 1, note: "x".repeat(1.1 * 2 ** 20) } }))).status).toBe(413);
    // maxResponses 3: the earlier test stored 2; one more each fills it…
    const third = await post(direct, path, JSON.stringify({ answers: { stars: 2 } }));
    expect(third.status).toBe(201);
    const full = await same(path, JSON.stringify({ answers: { stars: 2 } }));
    expect(full).toMatchObject({ status: 409, body: { error: { code: "form_full" } } });
  });
});
