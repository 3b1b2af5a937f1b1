/**
 * The per-IP submission limit (SUBMISSION_RATE_LIMIT per minute), on servers
 * of their own — the suite's shared server runs with the limit off. On
 * PostgreSQL two app instances on one database share the count (it lives in
 * the database). Uploads of respondents' files count against the same limit.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_WINDOW_MS } from "@/lib/rate-limit";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { awayFromWindowEnd } from "../helpers/rate-window";
import { png, upload } from "./files-suite";

const root = path.resolve(import.meta.dirname, "../..");
let database: TestDatabase;
const servers: RunningServer[] = [];
let key: string;
const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const storage = mkdtempSync(path.join(tmpdir(), "formloom-ratelimit-"));

beforeAll(async () => {
  database = await createTestDatabase(kind, "ratelimit");
  // This database is not the suite's, so its owner comes from the admin CLI, as an operator's would.
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
    });
  admin("create-user", "--email", "limits@example.test", "--password", "correct horse battery staple");
  key = admin("create-key", "--email", "limits@example.test", "--name", "limits", "--scope", "write").trim().split("\n").pop()!;
  // Several instances share one database only on PostgreSQL (SQLite is the
  // one-machine setup); there a second instance proves the count is shared.
  // One after the other, so that a failing second start still leaves the first to stop.
  const instances = kind === "postgresql" ? 2 : 1;
  // One trusted proxy hop: a test that sends X-Forwarded-For is a client (an IP) of its own, with its own count.
  const env = { SUBMISSION_RATE_LIMIT: "3", TRUSTED_PROXY_HOPS: "1", STORAGE_URL: `file:${storage}` };
  for (let i = 0; i < instances; i++) servers.push(await startServer(database.url, env));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
  rmSync(storage, { recursive: true, force: true });
});

/** A published form with these questions; returns its id and slug. */
async function publish(server: RunningServer, questions: unknown[]) {
  const auth = { authorization: `Bearer ${key}` };
  const created = await call(server, "POST", "/api/forms", { title: "Limited" }, auth);
  await call(server, "PUT", `/api/forms/${created.body.form.id}/version/draft`, { title: "Limited", questions }, auth);
  const { slug } = (await call(server, "POST", `/api/forms/${created.body.form.id}/publish`, undefined, auth)).body.form;
  return { id: created.body.form.id as string, slug: slug as string };
}

async function call(server: RunningServer, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

describe("SUBMISSION_RATE_LIMIT", () => {
  it("answers 429 rate_limited with Retry-After past the limit, counting creates and updates, across instances", async () => {
    const [a, b = a] = servers;
    const auth = { authorization: `Bearer ${key}` };
    const created = await publish(a, [{ key: "q", type: "short-text", title: "Q" }]);
    const { slug } = created;
    const responses = `/api/public/forms/${slug}/responses`;
    const cookie = { cookie: "fl_rid=ratelimitrespondent0000" };
    await awayFromWindowEnd(SUBMISSION_WINDOW_MS, 15_000);

    const started = await call(a, "POST", responses, { answers: { q: "a" }, partial: true }, cookie);
    expect(started.status).toBe(201);
    expect((await call(b, "PATCH", `${responses}/${started.body.response.id}`, { answers: { q: "b" } }, cookie)).status).toBe(200);
    expect((await call(b, "POST", responses, { answers: { q: "c" } })).status).toBe(201);

    for (const server of [a, b]) {
      const limited = await call(server, "POST", responses, { answers: { q: "d" } });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Refused requests stored nothing; reading is not limited.
    const form = await call(a, "GET", `/api/forms/${created.id}`, undefined, auth);
    expect(form.body.form.responseCount).toBe(2);
    expect((await call(a, "GET", `/api/public/forms/${slug}`)).status).toBe(200);
  });

  it("counts file uploads against the same limit as submissions, and refuses them past it storing nothing", async () => {
    const [a, b = a] = servers;
    const form = await publish(a, [{ key: "docs", type: "file-upload", title: "Docs", maxFiles: 2 }]);
    // Another client than the test above (X-Forwarded-For through the trusted hop), so its count starts at 0.
    const from = { "x-forwarded-for": "198.51.100.23", cookie: "fl_rid=ratelimituploader00000" };
    const files = `/api/public/forms/${form.slug}/files?question=docs`;
    const stored = () => readdirSync(storage, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
    await awayFromWindowEnd(SUBMISSION_WINDOW_MS, 15_000);

    const first = await upload(a.baseUrl, files, png(), "a.png", from);
    expect(first.status).toBe(201);
    expect((await upload(b.baseUrl, files, png(), "b.png", from)).status).toBe(201);
    const submitted = await call(a, "POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [first.body.file.id] } }, from);
    expect(submitted.status).toBe(201);
    const before = stored();

    // Two uploads and a submission: the limit of 3 is reached for both.
    for (const server of [a, b]) {
      const limited = await upload(server.baseUrl, files, png(), "c.png", from);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect((await call(b, "POST", `/api/public/forms/${form.slug}/responses`, { answers: {} }, from)).status).toBe(429);
    expect(stored()).toBe(before);
  });
});
