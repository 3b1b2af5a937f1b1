/**
 * SQLite WAL checkpoints run on the checkpointer thread (lib/db/checkpointer.ts),
 * not inside the app's commits. Observable from outside: committed rows reach
 * the database file itself (a copy of it without its -wal holds them) soon
 * after the writes, although far fewer WAL pages were written than the 1,000
 * at which a connection checkpoints by SQLite's default — and the app's
 * connection, while the thread runs, waits for ten times as many.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SerializedSqliteAdapterFactory, setWalAutocheckpoint } from "@/lib/db/sqlite-adapter";
import { sqliteFilePath } from "@/lib/db/url";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, ownerApi, submit } from "../helpers/instances";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("wal_autocheckpoint is set for every SQLite connection of the process", () => {
  let database: TestDatabase;
  const clients: PrismaClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", "autocheckpoint");
  });

  afterAll(async () => {
    await setWalAutocheckpoint(1_000);
    await Promise.all(clients.map((client) => client.$disconnect()));
    await database?.drop();
  });

  async function connected() {
    const factory = new SerializedSqliteAdapterFactory({ file: sqliteFilePath(database.url), busyTimeoutMs: 1_000, synchronous: "NORMAL" });
    const client = new PrismaClient({ adapter: factory });
    clients.push(client);
    await client.$connect();
    return factory;
  }

  const frames = (factory: SerializedSqliteAdapterFactory) =>
    factory.connected()!.exclusive((connection) => Number(connection.pragma("wal_autocheckpoint", { simple: true })));

  it("changes connections already open and those opened later (Next loads the client once per chunk)", async () => {
    const before = await connected();
    expect(await frames(before)).toBe(1_000);
    await setWalAutocheckpoint(10_000);
    expect(await frames(before)).toBe(10_000);
    expect(await frames(await connected())).toBe(10_000);
  });
});

describe.runIf(kind === "sqlite")("SQLite checkpoints off the app's thread", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let form: { id: string; slug: string };
  let scratch: string;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", "checkpoints");
    server = await startServer(database.url);
    const api = ownerApi(server.baseUrl, createOwnerKey(database.url));
    form = await createPublishedForm(api, { title: "Checkpoints", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] });
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-checkpoints-"));
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** The form's responses as the database file alone holds them (what a checkpoint has copied there). */
  function responsesInFile(): number {
    const copy = path.join(scratch, `copy-${Date.now()}.db`);
    fs.copyFileSync(sqliteFilePath(database.url), copy);
    const connection = new Database(copy);
    try {
      return (connection.prepare(`SELECT count(*) AS n FROM "Response" WHERE "formId" = ?`).get(form.id) as { n: number }).n;
    } finally {
      connection.close();
    }
  }

  it("copies committed pages into the database file within moments of the writes", async () => {
    // Twenty small commits: a few hundred WAL pages, far below the 1,000 at which the connection would checkpoint on its own.
    for (let i = 0; i < 20; i++) expect((await submit(server.baseUrl, form.slug, { q: `answer ${i}` })).status).toBe(201);
    let inFile = 0;
    for (let waited = 0; waited < 5_000 && inFile < 20; waited += 100) {
      await sleep(100);
      inFile = responsesInFile();
    }
    expect(inFile).toBe(20);
  });
});
