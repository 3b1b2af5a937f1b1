/**
 * Schema-aware fuzzing of every operation of the served OpenAPI document, on
 * a server of its own (a crash must not take the suite's server down): paths,
 * queries and bodies generated from the document, then mutated (boundaries,
 * wrong types, huge and odd strings, nulls, deep nesting, extra and prototype
 * keys, malformed percent-encoding, wrong content types, empty bodies), sent
 * with a write key, a read key and no credentials.
 *
 * Fails on any 5xx, any request without an answer in time (a hang), or the
 * server exiting (a crash); afterwards the server must still work, and another
 * owner's form and responses, written before through the real API, must read
 * back byte for byte as before.
 *
 * Bounded: FUZZ_BUDGET_MS (default 60 s) and FUZZ_MAX_REQUESTS. The seed is
 * printed; FUZZ_SEED=<seed> replays a run.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawFetch } from "../helpers/contract";
import { deepJsonText, prng, ValueMaker, toJsonText, ODD_STRINGS, type Rng } from "../helpers/fuzz-values";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";

const root = path.resolve(import.meta.dirname, "../..");
const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);
const MAX_REQUESTS = Number(process.env.FUZZ_MAX_REQUESTS ?? 5_000);
const REQUEST_TIMEOUT_MS = 20_000;
const IN_FLIGHT = 4;

let database: TestDatabase;
let server: RunningServer;
const keys = { fixture: "", write: "", read: "" };

/** The owner's keys come from the admin CLI: this database is not the suite's. */
function admin(...args: string[]) {
  return execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: "utf8",
  }).trim().split("\n").pop()!;
}

async function api(method: string, url: string, key: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await rawFetch(server.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

const QUESTIONS = [
  { key: "name", type: "short-text", title: "Name" },
  { key: "langs", type: "multiple-choice", title: "Languages", options: ["TS", "Go", "Rust"] },
  { key: "score", type: "rating", title: "Score" },
  { key: "when", type: "date", title: "When" },
  { key: "src", type: "hidden" },
];

/**
 * Bodies that pass for the fuzz owner's forms, to mutate from: a generated
 * value cannot know a form's question keys, so it would stop at the first check.
 */
const GOOD_BODIES: Record<string, unknown[]> = {
  "POST /api/public/forms/{slug}/responses": [{ answers: { name: "Fuzz", langs: ["Go", "TS"], score: 4, when: "2026-02-01", src: "x" } }, { answers: { name: "Half" }, partial: true }],
  "PATCH /api/public/forms/{slug}/responses/{id}": [{ answers: { score: 1 }, partial: true }, { answers: { name: "Done" } }],
  "PUT /api/forms/{id}/version/draft": [{ title: "Fuzzed", questions: QUESTIONS }],
  "PATCH /api/forms/{id}": [{ maxResponses: 1000, limitOnePerPerson: false }, { startAt: "2020-01-01T00:00:00Z", endAt: null }],
};

/** A published form of `key`'s owner with a few responses, made through the API. */
async function formWithResponses(key: string, title: string) {
  const created = (await api("POST", "/api/forms", key, { title })).json().form;
  await api("PUT", `/api/forms/${created.id}/version/draft`, key, { title, questions: QUESTIONS });
  const { slug } = (await api("POST", `/api/forms/${created.id}/publish`, key)).json().form;
  const responseIds: string[] = [];
  for (const [i, answers] of [{ name: "Ada", langs: ["TS"], score: 5, src: "mail" }, { name: "Linus", score: 2 }, { name: "Grace", when: "2026-01-31" }].entries()) {
    const res = await rawFetch(`${server.baseUrl}/api/public/forms/${slug}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `fl_rid=fuzzfixture${title.length}${i}000000000` },
      body: JSON.stringify({ answers }),
    });
    if (res.status !== 201) throw new Error(`fixture response: ${res.status} ${await res.text()}`);
    responseIds.push(((await res.json()) as any).response.id);
  }
  return { id: created.id as string, slug: slug as string, responseIds };
}

/** Everything the fixture owner can read about its form, as the server sends it. */
async function snapshot(form: { id: string; responseIds: string[] }) {
  const urls = [
    "/api/forms", `/api/forms/${form.id}`, `/api/forms/${form.id}/responses`, `/api/forms/${form.id}/responses?metadata[src]=mail`,
    `/api/forms/${form.id}/responses/export?includeMetadata=1`, `/api/forms/${form.id}/analytics/summary`,
    ...form.responseIds.map((r) => `/api/forms/${form.id}/responses/${r}`),
  ];
  const out: Record<string, string> = {};
  for (const url of urls) {
    const res = await api("GET", url, keys.fixture);
    // The CSV's file name carries today's date; its body must not change.
    out[url] = `${res.status} ${res.text}`;
  }
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase(kind, "fuzz");
  admin("create-user", "--email", "fixture@example.test", "--password", "correct horse battery staple");
  admin("create-user", "--email", "fuzz@example.test", "--password", "correct horse battery staple");
  keys.fixture = admin("create-key", "--email", "fixture@example.test", "--name", "fixture", "--scope", "write");
  keys.write = admin("create-key", "--email", "fuzz@example.test", "--name", "fuzz write", "--scope", "write");
  keys.read = admin("create-key", "--email", "fuzz@example.test", "--name", "fuzz read", "--scope", "read");
  server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" });
}, 180_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.drop();
});

/** encodeURIComponent, for lone surrogates too (sent as U+FFFD: a URL cannot carry them). */
const enc = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, "\ufffd"));

interface Shot {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One request for `op` of the document: path, query and body generated, then (mostly) mutated. */
function shoot(rng: Rng, maker: ValueMaker, template: string, method: string, op: any, pool: Record<string, string[]>): Shot {
  const params: any[] = op.parameters ?? [];
  const segment = (name: string) => {
    const roll = rng.next();
    if (roll < 0.6) return enc(rng.pick(pool[name] ?? pool.id));
    if (roll < 0.8) return rng.pick(["%", "%%", "%ff", "%E0%A4%A", "%c0%af", "%2F", "%00", "..", "__proto__", "constructor", "%F0%9F%98%80"]);
    return enc(String(rng.pick(ODD_STRINGS))).slice(0, 20_000) || "x";
  };
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => segment(name));
  const query: string[] = [];
  for (const p of params.filter((x) => x.in === "query")) {
    if (!rng.chance(0.5)) continue;
    let value = maker.valid(p.schema);
    if (rng.chance(0.4)) value = maker.mutate(value, p.schema);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) query.push(`${p.name}[${enc(k)}]=${enc(String(v))}`);
    } else query.push(`${p.name}=${enc(typeof value === "string" ? value : JSON.stringify(value))}`);
  }
  if (rng.chance(0.25)) {
    query.push(rng.pick([
      "__proto__[polluted]=1", "constructor[prototype][polluted]=1", "metadata[__proto__][x]=1", "metadata[constructor][prototype]=1",
      "unknown=1", "limit=1&limit=2", "metadata[a][b][c]=1", "metadata[]=1", "%=1", "a=%", "search=%ff", `search=${"x".repeat(20_000)}`,
    ]));
  }
  const credentials = rng.pick(["write", "write", "read", "none", "garbage"] as const);
  const headers: Record<string, string> = {};
  if (credentials === "write" || credentials === "read") headers.authorization = `Bearer ${keys[credentials]}`;
  if (credentials === "garbage") headers.authorization = rng.pick(["Bearer flk_nope", "Basic Zm9vOmJhcg==", "Bearer", "bearer  " + "x".repeat(5000)]);
  let body: string | undefined;
  const schema = op.requestBody?.content?.["application/json"]?.schema;
  if (method !== "GET" && method !== "DELETE" && (schema || rng.chance(0.3))) {
    const roll = rng.next();
    if (roll < 0.75 && schema) {
      const good = GOOD_BODIES[`${method} ${template}`];
      let value = good && rng.chance(0.6) ? structuredClone(rng.pick(good)) : maker.valid(schema);
      // Some pass untouched (so writes happen and later requests meet changed data), most get one or two mutations.
      for (let n = rng.chance(0.25) ? 0 : 1 + rng.int(2); n > 0; n--) value = maker.mutate(value, schema);
      body = toJsonText(value);
    } else {
      body = rng.pick(["", "{", "null", "[]", "\"x\"", "{\"a\":1,}", "{\"__proto__\":{\"polluted\":1}}", "\u0000", "{}".repeat(1000), deepJsonText(20_000)]);
    }
    headers["content-type"] = rng.chance(0.8)
      ? "application/json"
      : rng.pick(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "", "application/json;;"]);
    if (headers["content-type"] === "") delete headers["content-type"];
  }
  return { method, url: url + (query.length ? `?${query.join("&")}` : ""), headers, body };
}

const describeShot = (s: Shot) =>
  `${s.method} ${s.url.slice(0, 300)} headers=${JSON.stringify(s.headers).slice(0, 200)} body=${s.body === undefined ? "-" : JSON.stringify(s.body.slice(0, 300))}${(s.body?.length ?? 0) > 300 ? ` (${s.body!.length} chars)` : ""}`;

describe("fuzzing every operation of the OpenAPI document", () => {
  it(`answers every request below 500, in time, without crashing, and leaves other owners' data intact (seed ${SEED})`, { timeout: BUDGET_MS + 180_000 }, async () => {
    console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), budget ${BUDGET_MS} ms, ${kind}`);
    const fixture = await formWithResponses(keys.fixture, "Fixture form");
    const own = [await formWithResponses(keys.write, "Fuzz form one"), await formWithResponses(keys.write, "Fuzz form two")];
    const fixtureKeyId = (await api("GET", "/api/keys", keys.fixture)).json().keys[0].id as string;
    const spareKey = (await api("POST", "/api/keys", keys.write, { name: "spare", scope: "read" })).json().id as string;
    const before = await snapshot(fixture);

    const document = (await api("GET", "/api/openapi.json", keys.read)).json();
    const rng = prng(SEED);
    const maker = new ValueMaker(rng, document.components.schemas);
    const operations = Object.entries<any>(document.paths).flatMap(([template, item]) => Object.entries<any>(item).map(([method, op]) => ({ template, method: method.toUpperCase(), op })));
    // Fixture ids too: another owner's ids must answer 404 and change nothing. Public operations get only
    // the fuzz owner's slugs: a public submission to the fixture's form is a legitimate write.
    const pool = {
      id: [...own.map((f) => f.id), fixture.id, spareKey, fixtureKeyId, "nope"],
      responseId: [...own.flatMap((f) => f.responseIds), ...fixture.responseIds],
      slug: [...own.map((f) => f.slug), "no-such-form"],
    };

    const failures: string[] = [];
    const counts = new Map<number | string, number>();
    const started = Date.now();
    let sent = 0;
    const worker = async () => {
      while (Date.now() - started < BUDGET_MS && sent < MAX_REQUESTS && failures.length < 20) {
        sent++;
        const { template, method, op } = rng.pick(operations);
        const isPublic = template.startsWith("/api/public/");
        const shot = shoot(rng, maker, template, method, op, isPublic ? { ...pool, id: pool.responseId } : pool);
        try {
          const res = await rawFetch(server.baseUrl + shot.url, { method: shot.method, headers: shot.headers, body: shot.body, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          const text = await res.text();
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
          if (res.status >= 500) failures.push(`${res.status} for ${describeShot(shot)}\n  answer: ${text.slice(0, 300)}`);
        } catch (error) {
          counts.set("no answer", (counts.get("no answer") ?? 0) + 1);
          const exited = server.process.exitCode !== null || server.process.signalCode !== null;
          failures.push(`${exited ? "server crashed" : `no answer (${(error as Error).name}: ${(error as Error).message})`} for ${describeShot(shot)}`);
          if (exited) return;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    console.log(`fuzz: ${sent} requests in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}`);
    expect(failures, `seed ${SEED}; server log tail:\n${server.output().slice(-2000)}`).toEqual([]);

    // Still healthy, and a plain JSON write still works (a polluted prototype breaks exactly that).
    expect((await rawFetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await api("POST", "/api/forms", keys.write, { title: "After the fuzz" })).status).toBe(201);
    expect(await snapshot(fixture)).toEqual(before);
  });
});
