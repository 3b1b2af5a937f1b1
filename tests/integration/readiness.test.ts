/**
 * GET /api/health/ready is what an orchestrator routes traffic by: 200 while
 * the server can serve, 503 while it is starting or its database does not
 * answer, and back to 200 without a restart when the database returns. No
 * request answers 500 while the database is down, and no submission the
 * server acknowledged (201) is lost.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/migrations";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { freePort, startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, execDatabase, ownerApi, queryDatabase, submit } from "../helpers/instances";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const PG_BIN = "/usr/lib/postgresql/15/bin";
const questions = [{ key: "q", type: "short-text", title: "Your answer", required: true }];

async function ready(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/health/ready`);
  return { status: res.status, body: await res.json() };
}

describe(`readiness on ${kind}`, () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "ready");
    server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("answers 200 ready on a running, migrated server", async () => {
    const answer = await ready(server.baseUrl);
    expect(answer).toEqual({ status: 200, body: { status: "ready" } });
  });

  it("answers 503 not_ready while a migration is being applied, 200 again once it is done", async () => {
    const started = kind === "sqlite" ? Date.now() : new Date().toISOString();
    await execDatabase(database.url, [
      `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "started_at", "applied_steps_count") VALUES ('in-progress', 'x', '99999999999999_in_progress', ${kind === "sqlite" ? started : `'${started}'`}, 0)`,
    ]);
    const during = await ready(server.baseUrl);
    expect(during.status).toBe(503);
    expect(during.body.error.code).toBe("not_ready");
    await execDatabase(database.url, [`DELETE FROM "_prisma_migrations" WHERE "id" = 'in-progress'`]);
    expect((await ready(server.baseUrl)).status).toBe(200);
  });
});

/** A PostgreSQL cluster of this test's own, which it can stop and start under a running server. */
function privateCluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-pg-"));
  const data = path.join(dir, "data");
  const asPostgres = (bin: string, ...args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(PG_BIN, bin), ...args], { encoding: "utf8", stdio: "pipe" })
      : execFileSync(path.join(PG_BIN, bin), args, { encoding: "utf8", stdio: "pipe" });
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  let port = 0;
  return {
    get url() {
      return `postgresql://postgres@127.0.0.1:${port}/postgres`;
    },
    async init() {
      port = await freePort();
      asPostgres("initdb", "-D", data, "-U", "postgres", "-A", "trust");
    },
    start: () => asPostgres("pg_ctl", "-D", data, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", path.join(dir, "log"), "-w", "start"),
    stop: () => asPostgres("pg_ctl", "-D", data, "-m", "fast", "-w", "stop"),
    remove() {
      try {
        asPostgres("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (kind === "postgresql") describe("readiness while PostgreSQL stops and returns", () => {
  const cluster = privateCluster();
  let server: RunningServer | undefined;

  beforeAll(async () => {
    await cluster.init();
    cluster.start();
    await applyMigrations(cluster.url);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    cluster.remove();
  });

  it("503 database_unavailable while the database is down, 200 again without a restart, no acknowledged submission lost", { timeout: 120_000 }, async () => {
    server = await startServer(cluster.url, { SUBMISSION_RATE_LIMIT: "0" });
    const pid = server.process.pid;
    const form = await createPublishedForm(ownerApi(server.baseUrl, createOwnerKey(cluster.url)), { title: "Readiness", questions });
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = await submit(server.baseUrl, form.slug, { q: `before ${i}` });
      expect(sent.status).toBe(201);
      acknowledged.push(sent.id!);
    }
    expect((await ready(server.baseUrl)).status).toBe(200);

    cluster.stop();
    const down = await ready(server.baseUrl);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("database_unavailable");
    const refused = await submit(server.baseUrl, form.slug, { q: "while down" });
    expect(refused).toEqual({ status: 503, code: "database_unavailable" });
    // The liveness check stays about the process; it reports the database too, but never 500.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(503);

    cluster.start();
    let back = await ready(server.baseUrl);
    for (let tries = 0; back.status !== 200 && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 200));
      back = await ready(server.baseUrl);
    }
    expect(back).toEqual({ status: 200, body: { status: "ready" } });
    expect(server.process.pid).toBe(pid);
    expect(server.process.exitCode).toBeNull();

    const after = await submit(server.baseUrl, form.slug, { q: "after" });
    expect(after.status).toBe(201);
    acknowledged.push(after.id!);
    const stored = await queryDatabase<{ id: string }>(cluster.url, `SELECT "id" FROM "Response" WHERE "id" = ANY($1)`, [acknowledged]);
    expect(stored.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
  });
});
