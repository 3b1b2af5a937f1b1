/**
 * Prototype pollution through request keys, on a server of its own (an attack
 * that works breaks the whole process): `?__proto__[p]=1` and
 * `?constructor[prototype][p]=1` once wrote onto Object.prototype, after which
 * every JSON body request and /login answered 500 while /api/health said 200.
 * They are now a 400, and the process stays healthy. The health check's own
 * detection of a damaged process is shown with a server preloaded with a
 * SIGUSR2 hook that pollutes it (tests/fixtures/pollute-on-signal.cjs).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOwnServer, type OwnServer } from "../helpers/own-server";

// (A plain `?__proto__=1` never reaches a route: Next's own query parsing drops it.)
const ATTACKS = [
  "__proto__[p]=1",
  "__proto__[status]=1",
  "constructor[prototype][p]=1",
  "constructor[prototype]=1",
  "metadata[__proto__]=1",
  "prototype[p]=1",
  "a.__proto__.p=1",
];

async function expectHealthy(own: OwnServer) {
  const health = await own.call("GET", "/api/health");
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: "ok", ok: true });
  // A JSON body request, read by the same process.
  const created = await own.call("POST", "/api/forms", { title: "After the attack" });
  expect(created.status).toBe(201);
  expect(created.body.form.title).toBe("After the attack");
  const refused = await own.call("POST", "/api/forms", { title: "x", unknown: 1 });
  expect(refused.status).toBe(400);
  const login = await fetch(`${own.server.baseUrl}/login`, { redirect: "manual" });
  expect(login.status).toBe(200);
  expect(await login.text()).toContain("<form");
}

describe("prototype pollution through the query string", () => {
  let own: OwnServer;
  let formId: string;
  beforeAll(async () => {
    own = await startOwnServer("pollution");
    formId = (await own.call("POST", "/api/forms", { title: "Target" })).body.form.id;
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  it("refuses reserved keys with 400 invalid_query on every route that reads a query, and the process stays healthy", async () => {
    await expectHealthy(own);
    const readKey = { authorization: `Bearer ${own.key}` };
    // Every route that reads a query (the others refuse any parameter without parsing it).
    const routes = [
      `/api/forms/${formId}/responses`,
      `/api/forms/${formId}/responses/export`,
      `/api/forms/${formId}/analytics/summary`,
      `/api/forms/${formId}/analytics/trend`,
    ];
    for (const route of routes) {
      for (const attack of ATTACKS) {
        const res = await own.call("GET", `${route}?${attack}`, undefined, readKey);
        expect(res.status, `${route}?${attack}`).toBe(400);
        expect(res.body.error.code, `${route}?${attack}`).toBe("invalid_query");
      }
    }
    await expectHealthy(own);
    expect(own.server.output()).not.toMatch(/unhandled error/);
  });

  it("refuses __proto__, constructor and prototype as keys of a JSON body", async () => {
    for (const raw of ['{"title":"x","__proto__":{"p":1}}', '{"title":"x","constructor":{"prototype":{"p":1}}}']) {
      const res = await fetch(`${own.server.baseUrl}/api/forms`, {
        method: "POST",
        headers: { authorization: `Bearer ${own.key}`, "content-type": "application/json" },
        body: raw,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.code).toBe("validation_failed");
    }
    await expectHealthy(own);
  });

  it("refuses reserved question keys (constructor, toString, …), which answers would read from Object.prototype", async () => {
    for (const key of ["constructor", "toString", "prototype", "hasOwnProperty"]) {
      const res = await own.call("PUT", `/api/forms/${formId}/version/draft`, { title: "T", questions: [{ key, type: "short-text", title: "Q" }] });
      expect(res.status, key).toBe(400);
      expect(res.body.error.details[0].path).toBe("questions.0.key");
    }
  });
});

describe("GET /api/health on a damaged process", () => {
  let own: OwnServer;
  beforeAll(async () => {
    own = await startOwnServer("health-damage", {}, ["--require", path.resolve(import.meta.dirname, "../fixtures/pollute-on-signal.cjs")]);
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  it("answers 200 while intact and 503 in its error shape once Object.prototype is polluted", async () => {
    const before = await own.call("GET", "/api/health");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ status: "ok", ok: true });
    own.server.process.kill("SIGUSR2");
    let after = await own.call("GET", "/api/health");
    for (let i = 0; i < 20 && after.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await own.call("GET", "/api/health");
    }
    expect(after.status).toBe(503);
    expect(after.body).toMatchObject({ status: "unavailable", ok: false });
    expect(after.body).not.toHaveProperty("latencyMs");
    expect(own.server.output()).toMatch(/Object\.prototype has an unexpected property \\?"pollutedBySignal\\?"/);
  });
});
