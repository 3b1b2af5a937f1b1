/**
 * What a load balancer relies on: GET /api/health is 200 only while the
 * database answers, and SIGTERM (a rolling deploy) stops accepting new
 * connections, lets the requests in flight finish, then exits 0.
 */
import fs from "node:fs";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteFilePath } from "@/lib/db/url";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, ownerApi, queryDatabase } from "../helpers/instances";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Makes the database unreachable under a running server: its file removed, or the database dropped. */
async function takeDatabaseAway(database: TestDatabase) {
  if (kind === "sqlite") {
    const file = sqliteFilePath(database.url);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    return;
  }
  await database.drop(); // DROP DATABASE … WITH (FORCE) ends the server's connections
}

describe(`health and graceful shutdown on ${kind}`, () => {
  const cleanup: (() => Promise<void>)[] = [];
  // Each test starts its own server (and creates an owner through the admin CLI).
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function serverOnFreshDatabase(label: string): Promise<{ database: TestDatabase; server: RunningServer }> {
    const database = await createTestDatabase(kind, label);
    cleanup.push(() => database.drop());
    const server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" });
    cleanup.push(() => server.stop("SIGKILL"));
    return { database, server };
  }

  it("answers 200 while the database answers, 503 when it is gone", { timeout: 90_000 }, async () => {
    const { database, server } = await serverOnFreshDatabase("health");
    const up = await fetch(`${server.baseUrl}/api/health`);
    expect(up.status).toBe(200);
    expect(up.headers.get("cache-control")).toBe("no-store");
    expect(await up.json()).toMatchObject({ status: "ok", ok: true, database: kind });

    await takeDatabaseAway(database);
    const down = await fetch(`${server.baseUrl}/api/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", ok: false, database: kind });
    expect(server.output()).toContain("health: the database check failed");
  });

  it("finishes a request in flight on SIGTERM, refuses new connections, then exits 0", { timeout: 90_000 }, async () => {
    const { database, server } = await serverOnFreshDatabase("shutdown");
    const form = await createPublishedForm(ownerApi(server.baseUrl, createOwnerKey(database.url)), {
      title: "Shutdown",
      questions: [{ key: "q", type: "long-text", title: "Tell us", required: true }],
    });

    // A slow client: the request is in flight while its body trickles in.
    const body = JSON.stringify({ answers: { q: "sent slowly, across a SIGTERM" } });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}/api/public/forms/${form.slug}/responses`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    await sleep(300);
    server.process.kill("SIGTERM");
    await sleep(300);

    // Draining: no new connections while the slow request is still running.
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(await exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing in-flight requests");

    const id = JSON.parse(answer.text).response.id;
    expect(await queryDatabase(database.url, `SELECT "id" FROM "Response" WHERE "id" = $1`, [id])).toEqual([{ id }]);
  });

  // A process manager that runs `npm start` (docker stop on it as PID 1, systemd's main PID,
  // kill) signals npm alone. npm passes the signal to its script's shell; a shell that only
  // ran the server as its child would die of it and leave the server serving, never drained.
  it.runIf(process.platform === "linux")("npm start: a SIGTERM to npm reaches the server, which drains and exits 0", { timeout: 90_000 }, async () => {
    const database = await createTestDatabase(kind, "npmstart");
    cleanup.push(() => database.drop());
    const server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" }, [], "npm");
    const npmPid = server.process.pid!;
    const serverPids = descendants(npmPid);
    // Whatever happens below, nothing started here outlives the test.
    cleanup.push(async () => {
      for (const pid of [npmPid, ...serverPids]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    });
    expect(serverPids.length).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing in-flight requests");
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    expect(serverPids.filter(isRunning)).toEqual([]);
  });
});

/** Every process below `pid` (Linux: /proc/<pid>/task/<tid>/children). */
function descendants(pid: number): number[] {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
