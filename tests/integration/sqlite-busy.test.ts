/**
 * Regression tests for prisma/prisma#29933: with @prisma/adapter-better-sqlite3
 * a COMMIT that fails leaves the one shared connection inside the transaction,
 * and every later "acknowledged" write joins it and is lost at exit.
 * lib/db/sqlite-adapter.ts is the fix; these tests fail with the stock adapter.
 *
 * The first block drives the adapter in-process on its own SQLite file (so it
 * runs in both suite runs); the second goes through a real server on the
 * suite's kind of database while another connection holds the write lock.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exec, sql, sqliteTransactionOn } from "@/lib/db/raw";
import { SerializedSqliteAdapterFactory } from "@/lib/db/sqlite-adapter";
import { sqliteFilePath } from "@/lib/db/url";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, ownerApi, queryDatabase, submit } from "../helpers/instances";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("SQLite adapter: a failed transaction never swallows later writes", () => {
  let database: TestDatabase;
  let file: string;
  let client: PrismaClient;
  let factory: SerializedSqliteAdapterFactory;
  let other: Database.Database;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", "busy");
    file = sqliteFilePath(database.url);
    factory = new SerializedSqliteAdapterFactory({ file, busyTimeoutMs: 200, synchronous: "NORMAL" });
    client = new PrismaClient({ adapter: factory });
    await client.$executeRawUnsafe(`CREATE TABLE "Parent" ("id" TEXT PRIMARY KEY)`);
    await client.$executeRawUnsafe(`CREATE TABLE "Child" ("id" TEXT PRIMARY KEY, "parentId" TEXT REFERENCES "Parent" ("id") DEFERRABLE INITIALLY DEFERRED)`);
    // Another process's view of the file: it sees committed rows only.
    other = new Database(file);
  });

  afterAll(async () => {
    other?.close();
    await client?.$disconnect();
    await database?.drop();
  });

  const committed = (id: string) => other.prepare(`SELECT count(*) AS n FROM "Parent" WHERE "id" = ?`).get(id) as { n: number };

  it("rolls back a transaction whose COMMIT fails, so the next write is committed", async () => {
    // A deferred foreign key is only checked at COMMIT: the COMMIT fails and
    // SQLite keeps the transaction open — the state #29933 is about.
    await expect(
      client.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "Child" VALUES ('orphan', 'missing')`);
      }),
    ).rejects.toThrow(/foreign ?key/i);
    await client.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('after-failed-commit')`);
    expect(committed("after-failed-commit").n).toBe(1);
    expect(other.prepare(`SELECT count(*) AS n FROM "Child"`).get()).toEqual({ n: 0 });
    // And transactions still work afterwards.
    await client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('next-transaction')`);
    });
    expect(committed("next-transaction").n).toBe(1);
  });

  it("keeps a concurrent write out of an interactive transaction that rolls back", async () => {
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const failing = client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('rolled-back')`);
      inside();
      await sleep(150);
      throw new Error("the handler gave up");
    });
    await started;
    // Another request's write while the transaction is open: it must neither
    // join that transaction nor see its row.
    const write = client.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('concurrent')`);
    await expect(failing).rejects.toThrow("the handler gave up");
    await write;
    expect(committed("concurrent").n).toBe(1);
    expect(committed("rolled-back").n).toBe(0);
  });

  it("frees the connection when BEGIN times out on another process's write lock", async () => {
    other.exec("BEGIN IMMEDIATE");
    try {
      await expect(client.$transaction(async (tx) => tx.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('blocked')`))).rejects.toThrow(/busy|locked|timed out/i);
    } finally {
      other.exec("COMMIT");
    }
    await client.$transaction(async (tx) => tx.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('unblocked')`));
    expect(committed("blocked").n).toBe(0);
    expect(committed("unblocked").n).toBe(1);
  });

  // The submission hot path (lib/db/raw.ts) uses the same connection and lock.
  const raw = (id: string, table = "Parent", parent?: string) =>
    sqliteTransactionOn(factory.connected()!, function* () {
      yield* exec(table === "Parent" ? sql`INSERT INTO "Parent" VALUES (${id})` : sql`INSERT INTO "Child" VALUES (${id}, ${parent!})`);
    });

  it("rolls back a raw transaction whose COMMIT fails, so the next write is committed", async () => {
    await expect(raw("raw-orphan", "Child", "missing")).rejects.toThrow(/foreign ?key/i);
    await client.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('after-raw-failed-commit')`);
    expect(committed("after-raw-failed-commit").n).toBe(1);
    await raw("raw-after-failed-commit");
    expect(committed("raw-after-failed-commit").n).toBe(1);
    expect(other.prepare(`SELECT count(*) AS n FROM "Child"`).get()).toEqual({ n: 0 });
  });

  // Group commit (lib/db/raw.ts): transactions started in the same turn share one BEGIN … COMMIT.
  it("answers a group of raw transactions only after their one COMMIT", async () => {
    const ids = ["group-a", "group-b", "group-c"];
    const seenByFirst = raw(ids[0]).then(() => ids.map((id) => committed(id).n));
    await Promise.all([raw(ids[1]), raw(ids[2])]);
    // When the first is answered, the last of its group is already committed: one transaction.
    expect(await seenByFirst).toEqual([1, 1, 1]);
  });

  it("fails every transaction of a group whose COMMIT fails, answers none as stored, and commits the next group", async () => {
    // The deferred foreign key fails only at COMMIT, after every work of the group succeeded.
    const results = await Promise.allSettled([raw("doomed-1"), raw("doomed-orphan", "Child", "missing"), raw("doomed-2")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(["doomed-1", "doomed-2"].map((id) => committed(id).n)).toEqual([0, 0]);
    expect(other.prepare(`SELECT count(*) AS n FROM "Child"`).get()).toEqual({ n: 0 });
    await Promise.all([raw("next-group-1"), raw("next-group-2")]);
    expect(["next-group-1", "next-group-2"].map((id) => committed(id).n)).toEqual([1, 1]);
  });

  it("keeps a raw transaction out of an interactive transaction that rolls back", async () => {
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const failing = client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('rolled-back-2')`);
      inside();
      await sleep(150);
      throw new Error("the handler gave up");
    });
    await started;
    const write = raw("raw-concurrent");
    await expect(failing).rejects.toThrow("the handler gave up");
    await write;
    expect(committed("raw-concurrent").n).toBe(1);
    expect(committed("rolled-back-2").n).toBe(0);
  });

  it("frees the connection when a raw BEGIN IMMEDIATE times out on another process's write lock", async () => {
    other.exec("BEGIN IMMEDIATE");
    try {
      await expect(raw("raw-blocked")).rejects.toThrow(/busy|locked/i);
    } finally {
      other.exec("COMMIT");
    }
    await raw("raw-unblocked");
    await client.$executeRawUnsafe(`INSERT INTO "Parent" VALUES ('prisma-after-raw-busy')`);
    expect(committed("raw-blocked").n).toBe(0);
    expect(committed("raw-unblocked").n).toBe(1);
    expect(committed("prisma-after-raw-busy").n).toBe(1);
  });
});

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

/** Another connection that holds the database's write lock until released. */
async function holdWriteLock(url: string): Promise<() => Promise<void>> {
  if (kind === "sqlite") {
    const holder = new Database(sqliteFilePath(url));
    holder.exec("BEGIN IMMEDIATE");
    return async () => {
      holder.exec("COMMIT");
      holder.close();
    };
  }
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query(`BEGIN; LOCK TABLE "Form" IN EXCLUSIVE MODE`);
  return async () => {
    await holder.query("COMMIT");
    await holder.end();
  };
}

describe(`server on ${kind}: every 201 is stored while another process holds the write lock`, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "lock");
    key = createOwnerKey(database.url);
    server = await startServer(database.url, { SQLITE_BUSY_TIMEOUT_MS: "1000" });
  });

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await database?.drop();
  });

  /**
   * Three bursts of writes (`burst(label, n)` sends n at once) around another
   * connection's write lock:
   * - a lock shorter than the busy timeout: every write waits, then succeeds;
   * - a lock longer than it: on SQLite writes fail (never a 4xx, never a hang),
   *   on PostgreSQL they wait; either way nothing acknowledged may be lost;
   * - after the lock: the server works, and its writes are committed.
   */
  async function writeThroughHeldLocks(burst: (label: string, n: number) => Promise<{ status: number }[]>) {
    let release = await holdWriteLock(database.url);
    const short = burst("short", 10);
    await sleep(400);
    await release();
    expect((await short).map((r) => r.status)).toEqual(Array(10).fill(201));

    release = await holdWriteLock(database.url);
    const long = burst("long", 6);
    await sleep(2500);
    await release();
    for (const r of await long) expect(r.status === 201 || r.status >= 500).toBe(true);

    const after = await burst("after", 20);
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(201));
  }

  /** One acknowledged write: a new form. Returns its id on 201, else the status. */
  async function createForm(base: string, title: string): Promise<{ status: number; id?: string }> {
    const res = await fetch(`${base}/api/forms`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ title }),
    });
    const body = await res.json();
    return res.status === 201 ? { status: 201, id: body.form.id } : { status: res.status };
  }

  async function storedFormIds(): Promise<Set<string>> {
    if (kind === "sqlite") {
      const reader = new Database(sqliteFilePath(database.url), { readonly: true });
      try {
        return new Set((reader.prepare(`SELECT "id" FROM "Form"`).all() as { id: string }[]).map((r) => r.id));
      } finally {
        reader.close();
      }
    }
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    try {
      return new Set((await reader.query<{ id: string }>(`SELECT "id" FROM "Form"`)).rows.map((r) => r.id));
    } finally {
      await reader.end();
    }
  }

  it("waits out a short lock, survives a long one, and loses nothing across kill -9", { timeout: 90_000 }, async () => {
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const burst = async (label: string, n: number) => {
      const results = await Promise.all(Array.from({ length: n }, (_, i) => createForm(server.baseUrl, `${label} ${i}`)));
      for (const r of results) {
        statuses.push(r.status);
        if (r.id) acknowledged.push(r.id);
      }
      return results;
    };

    await writeThroughHeldLocks(burst);

    // kill -9: whatever sat in an open transaction would now be gone.
    await server.stop("SIGKILL");
    const stored = await storedFormIds();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    server = await startServer(database.url, { SQLITE_BUSY_TIMEOUT_MS: "1000" });
    expect((await createForm(server.baseUrl, "after restart")).status).toBe(201);
  });

  // Submissions take the raw driver path (lib/db/raw.ts), rate limit included.
  it("the same for submissions: every 201 is stored, with its counter", { timeout: 90_000 }, async () => {
    const form = await createPublishedForm(ownerApi(server.baseUrl, key), { title: "Busy", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] });
    const acknowledged: string[] = [];
    const burst = async (label: string, n: number) => {
      const results = await Promise.all(Array.from({ length: n }, (_, i) => submit(server.baseUrl, form.slug, { q: `${label} ${i}` })));
      for (const r of results) if (r.id) acknowledged.push(r.id);
      return results;
    };

    await writeThroughHeldLocks(burst);

    await server.stop("SIGKILL");
    const stored = await queryDatabase<{ id: string }>(database.url, `SELECT "id" FROM "Response" WHERE "formId" = $1`, [form.id]);
    expect(acknowledged.filter((id) => !stored.some((r) => r.id === id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    // The form's total: its column plus its shards (PostgreSQL, a form without a cap: lib/forms/response-count.ts).
    const [counter] = await queryDatabase<{ responseCount: number }>(
      database.url,
      `SELECT "responseCount" + COALESCE((SELECT SUM("count") FROM "FormResponseShard" WHERE "formId" = $1), 0) AS "responseCount" FROM "Form" WHERE "id" = $1`,
      [form.id],
    );
    expect(Number(counter.responseCount)).toBe(stored.length);

    server = await startServer(database.url, { SQLITE_BUSY_TIMEOUT_MS: "1000" });
    expect((await submit(server.baseUrl, form.slug, { q: "after restart" })).status).toBe(201);
  });
});
