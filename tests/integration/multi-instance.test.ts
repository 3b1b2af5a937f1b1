/**
 * Several stateless app instances on one database, as behind a load balancer:
 * two production servers, submissions fired at both at once. maxResponses,
 * limitOnePerPerson and the per-IP rate limit must hold across instances,
 * because all three are enforced by the database, not in process memory.
 *
 * Runs on both databases. On PostgreSQL this is the scale-out deployment; on
 * SQLite, two processes on one file is what a rolling restart on one host
 * looks like (old and new process overlap), and the rules must hold there too.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, ownerApi, queryDatabase, submit, type Submission } from "../helpers/instances";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const RATE_LIMIT = 8;
const questions = [{ key: "q", type: "short-text", title: "Anything to say?", required: true }];

describe(`two app instances on one ${kind} database`, () => {
  let database: TestDatabase;
  let instances: RunningServer[] = [];
  let api: ReturnType<typeof ownerApi>;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "multi");
    const key = createOwnerKey(database.url);
    // Identical env on every instance. One trusted proxy hop lets each test
    // pick its client IPs with X-Forwarded-For, as a load balancer sets it.
    const env = { SUBMISSION_RATE_LIMIT: String(RATE_LIMIT), TRUSTED_PROXY_HOPS: "1" };
    instances = await Promise.all([startServer(database.url, env), startServer(database.url, env)]);
    api = ownerApi(instances[0].baseUrl, key);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.stop()));
    await database?.drop();
  });

  const ipPrefix = `10.${randomBytes(1)[0]}`;
  let ips = 0;
  const freshIp = () => `${ipPrefix}.${Math.floor(++ips / 250)}.${ips % 250}`;
  const countBy = (results: Submission[]) => {
    const counts: Record<string, number> = {};
    for (const r of results) counts[r.status === 201 ? "201" : `${r.status} ${r.code}`] = (counts[r.status === 201 ? "201" : `${r.status} ${r.code}`] ?? 0) + 1;
    return counts;
  };
  const finishedCount = async (formId: string) => {
    const [row] = await queryDatabase<{ n: number | string; count: number }>(
      database.url,
      `SELECT (SELECT count(*) FROM "Response" WHERE "formId" = $1 AND "finished") AS n,
        "responseCount" + COALESCE((SELECT SUM("count") FROM "FormResponseShard" WHERE "formId" = $1), 0) AS count FROM "Form" WHERE "id" = $1`,
      [formId],
    );
    return { rows: Number(row.n), responseCount: Number(row.count) };
  };

  it("keeps maxResponses exact when both instances take submissions at once", { timeout: 60_000 }, async () => {
    const form = await createPublishedForm(api, { title: "Capped", questions }, { maxResponses: 15 });
    // Instance 0 takes 10 of the 15 slots first (each respondent from their own IP, under the rate limit) …
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(instances[0].baseUrl, form.slug, { q: `early ${i}` }, { "x-forwarded-for": freshIp() })));
    expect(countBy(first)).toEqual({ "201": 10 });
    // … then 40 race on both instances for the last 5: a cap kept per instance would let instance 1 take 15 more.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => submit(instances[i % 2].baseUrl, form.slug, { q: `answer ${i}` }, { "x-forwarded-for": freshIp() })),
    );
    expect(countBy(results)).toEqual({ "201": 5, "409 form_full": 35 });
    expect(await finishedCount(form.id)).toEqual({ rows: 15, responseCount: 15 });
  });

  it("keeps limitOnePerPerson exact for one person sending to both instances", { timeout: 60_000 }, async () => {
    const form = await createPublishedForm(api, { title: "Once each", questions }, { limitOnePerPerson: true });
    const person = { cookie: `fl_rid=${randomBytes(16).toString("base64url")}`, "x-forwarded-for": freshIp() };
    const results = await Promise.all(Array.from({ length: RATE_LIMIT }, (_, i) => submit(instances[i % 2].baseUrl, form.slug, { q: `try ${i}` }, person)));
    expect(countBy(results)).toEqual({ "201": 1, [`409 already_responded`]: RATE_LIMIT - 1 });
    // Someone else still can.
    const other = { cookie: `fl_rid=${randomBytes(16).toString("base64url")}`, "x-forwarded-for": freshIp() };
    expect((await submit(instances[1].baseUrl, form.slug, { q: "me too" }, other)).status).toBe(201);
    expect(await finishedCount(form.id)).toEqual({ rows: 2, responseCount: 2 });
  });

  it("shares the per-IP rate limit: one IP gets at most the limit across both instances", { timeout: 60_000 }, async () => {
    const form = await createPublishedForm(api, { title: "Rate limited", questions });
    const ip = { "x-forwarded-for": freshIp() };
    const results = await Promise.all(Array.from({ length: 3 * RATE_LIMIT }, (_, i) => submit(instances[i % 2].baseUrl, form.slug, { q: `spam ${i}` }, ip)));
    expect(countBy(results)).toEqual({ "201": RATE_LIMIT, "429 rate_limited": 2 * RATE_LIMIT });
    expect(await finishedCount(form.id)).toEqual({ rows: RATE_LIMIT, responseCount: RATE_LIMIT });
    // Another IP is not affected.
    expect((await submit(instances[1].baseUrl, form.slug, { q: "hello" }, { "x-forwarded-for": freshIp() })).status).toBe(201);
  });
});
