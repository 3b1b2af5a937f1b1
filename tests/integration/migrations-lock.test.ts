/**
 * Applying migrations while another process holds the database: a second app
 * instance starting at the same moment, or an admin CLI writing. Every start
 * applies pending migrations (`scripts/db.ts migrate`), so two starts on one
 * fresh database must both succeed and apply each migration exactly once, and
 * a start must wait for another process's lock rather than fail.
 *
 * Runs on the suite's kind of database (fresh databases of its own), plus the
 * SQLite-only give-up case on a temp file in both runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDirs } from "@/lib/db/migrations";
import { sqliteFilePath } from "@/lib/db/url";
import { queryDatabase } from "../helpers/instances";
import { createEmptyDatabase } from "../setup/database";

const root = path.resolve(import.meta.dirname, "../..");
const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
/** Prisma's migration lock (the engine's `SELECT pg_advisory_lock(72707369)`). */
const PRISMA_MIGRATION_LOCK = 72707369;

const expectedMigrations = (provider: "sqlite" | "postgresql") =>
  fs.readdirSync(migrationsDirs[provider], { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database with nothing in it yet, as on an install's very first start. */
async function emptyDatabase(provider: "sqlite" | "postgresql"): Promise<string> {
  const database = await createEmptyDatabase(provider, "migrate");
  cleanups.push(database.drop);
  return database.url;
}

/** _prisma_migrations as another connection sees it: name → [rows, finished rows]. */
async function recorded(url: string): Promise<Record<string, [number, number]>> {
  const rows = await queryDatabase<{ name: string; n: number | string; finished: number | string }>(
    url,
    `SELECT migration_name AS name, count(*) AS n, count(finished_at) AS finished FROM _prisma_migrations GROUP BY migration_name ORDER BY migration_name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, [Number(r.n), Number(r.finished)]]));
}

const appliedOnce = (provider: "sqlite" | "postgresql") => Object.fromEntries(expectedMigrations(provider).map((name) => [name, [1, 1]]));

/**
 * Another process holding SQLite's write lock (BEGIN IMMEDIATE) until `holdMs`
 * after it has it. Its own busy timeout is long, so in a lock-order deadlock it
 * is never the side that gives up.
 */
async function sqliteLockHolder(file: string, holdMs: number): Promise<{ child: ChildProcess; released: Promise<string> }> {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1], { timeout: 60000 });
    db.exec("BEGIN IMMEDIATE");
    console.log("locked");
    setTimeout(() => { db.exec("COMMIT"); db.close(); console.log("released"); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ["-e", script, file, String(holdMs)], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(() => void child.kill("SIGKILL"));
  let out = "";
  const released = new Promise<string>((resolve) => child.on("exit", () => resolve(out)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes("locked")) resolve();
    });
    child.stderr!.on("data", (d) => (out += d));
    child.on("exit", () => reject(new Error(`the lock holder exited early:\n${out}`)));
  });
  return { child, released };
}

/** `scripts/db.ts migrate`, which every server start runs before listening. */
function migrateProcess(url: string): Promise<{ code: number | null; output: string; applied: string[] }> {
  const loader = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
  const child = spawn(process.execPath, ["--import", loader, path.join(root, "scripts/db.ts"), "migrate"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => void child.kill("SIGKILL"));
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      const applied = /Applied \d+ migration\(s\) to the \w+ database: (.+)/.exec(output)?.[1].split(", ") ?? [];
      resolve({ code, output, applied });
    }),
  );
}

describe(`applying migrations on ${kind} while another process holds the database`, () => {
  it("waits for another process's lock, then applies every migration once", { timeout: 60_000 }, async () => {
    const url = await emptyDatabase(kind);
    // On PostgreSQL, longer than the engine's own 10 s advisory-lock timeout:
    // an instance starting during a long migration must wait, not fail.
    const holdMs = kind === "sqlite" ? 1000 : 11_000;
    let released: Promise<unknown>;
    if (kind === "sqlite") {
      // Another connection (an admin CLI, another instance) is writing.
      ({ released } = await sqliteLockHolder(sqliteFilePath(url), holdMs));
    } else {
      // Another instance is migrating: it holds Prisma's migration lock.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      cleanups.push(() => holder.end().catch(() => {}));
      await holder.query(`SELECT pg_advisory_lock($1)`, [PRISMA_MIGRATION_LOCK]);
      released = new Promise((resolve) => setTimeout(() => resolve(holder.query(`SELECT pg_advisory_unlock($1)`, [PRISMA_MIGRATION_LOCK])), holdMs));
    }
    const started = Date.now();
    const applied = await applyMigrations(url);
    const waited = Date.now() - started;
    await released;
    expect(applied).toEqual(expectedMigrations(kind));
    // It really waited for the lock (rather than racing past it).
    expect(waited).toBeGreaterThanOrEqual(holdMs / 2);
    expect(await recorded(url)).toEqual(appliedOnce(kind));
    expect(await applyMigrations(url)).toEqual([]);
  });

  it("two instances starting together on one empty database both come up, and each migration is applied once", { timeout: 120_000 }, async () => {
    for (let round = 0; round < 2; round++) {
      const url = await emptyDatabase(kind);
      const runs = await Promise.all([migrateProcess(url), migrateProcess(url), migrateProcess(url)]);
      for (const run of runs) expect(run.code, run.output).toBe(0);
      // Each migration was applied by exactly one of them.
      expect(runs.flatMap((r) => r.applied).sort()).toEqual(expectedMigrations(kind));
      expect(await recorded(url)).toEqual(appliedOnce(kind));
    }
  });
});

/** A migrations folder of its own, in Prisma's layout: name → migration.sql. */
function migrationsFolder(migrations: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-migrations-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(migrations)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("SQLite migrations run in one transaction", () => {
  const parentAndChild = `CREATE TABLE "Parent" ("id" TEXT NOT NULL PRIMARY KEY);
CREATE TABLE "Child" ("id" TEXT NOT NULL PRIMARY KEY, "parentId" TEXT NOT NULL,
  CONSTRAINT "Child_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Parent" ("id") ON DELETE CASCADE ON UPDATE CASCADE);
INSERT INTO "Parent" VALUES ('p1');
INSERT INTO "Child" VALUES ('c1', 'p1');
`;
  // What `prisma migrate` writes to change a SQLite table: copy, drop, rename.
  const redefineParent = `-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Parent" ("id" TEXT NOT NULL PRIMARY KEY, "name" TEXT NOT NULL DEFAULT '');
INSERT INTO "new_Parent" ("id") SELECT "id" FROM "Parent";
DROP TABLE "Parent";
ALTER TABLE "new_Parent" RENAME TO "Parent";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
`;

  it("with foreign keys off, so a table-redefining migration does not cascade into other tables", async () => {
    const url = await emptyDatabase("sqlite");
    expect(await applyMigrations(url, migrationsFolder({ "1_parent_and_child": parentAndChild }))).toEqual(["1_parent_and_child"]);
    const folder = migrationsFolder({ "1_parent_and_child": parentAndChild, "2_redefine_parent": redefineParent });
    expect(await applyMigrations(url, folder)).toEqual(["2_redefine_parent"]);
    // DROP TABLE "Parent" with foreign keys on would have deleted the child row.
    expect(await queryDatabase(url, `SELECT "id", "parentId" FROM "Child"`)).toEqual([{ id: "c1", parentId: "p1" }]);
    expect(await queryDatabase(url, `SELECT "id", "name" FROM "Parent"`)).toEqual([{ id: "p1", name: "" }]);
  });

  it("all or nothing: a failing migration leaves the file as it was, and the next start tries again", async () => {
    const url = await emptyDatabase("sqlite");
    const broken = migrationsFolder({ "1_parent_and_child": parentAndChild, "2_broken": `INSERT INTO "Missing" VALUES (1);` });
    await expect(applyMigrations(url, broken)).rejects.toThrow(/Missing/);
    expect(await queryDatabase(url, `SELECT name FROM sqlite_master`)).toEqual([]);
    // Fixed (the broken migration replaced): everything applies, nothing is recorded as failed.
    const fixed = migrationsFolder({ "1_parent_and_child": parentAndChild, "2_fixed": `CREATE TABLE "Other" ("id" TEXT NOT NULL PRIMARY KEY);` });
    expect(await applyMigrations(url, fixed)).toEqual(["1_parent_and_child", "2_fixed"]);
    expect(await recorded(url)).toEqual({ "1_parent_and_child": [1, 1], "2_fixed": [1, 1] });
  });
});

describe("SQLite: a write lock held longer than SQLITE_BUSY_TIMEOUT_MS", () => {
  it("fails with a clear error, changes nothing, and applies everything once the lock is gone", { timeout: 60_000 }, async () => {
    const url = await emptyDatabase("sqlite");
    const file = sqliteFilePath(url);
    const { released } = await sqliteLockHolder(file, 2500);
    const previous = process.env.SQLITE_BUSY_TIMEOUT_MS;
    process.env.SQLITE_BUSY_TIMEOUT_MS = "300";
    try {
      const started = Date.now();
      await expect(applyMigrations(url)).rejects.toThrow(/locked by another process: waited 300 ms \(SQLITE_BUSY_TIMEOUT_MS\)/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      if (previous === undefined) delete process.env.SQLITE_BUSY_TIMEOUT_MS;
      else process.env.SQLITE_BUSY_TIMEOUT_MS = previous;
    }
    expect(await released).toContain("released");
    const reader = new Database(file, { readonly: true });
    try {
      expect(reader.prepare(`SELECT name FROM sqlite_master`).all()).toEqual([]);
    } finally {
      reader.close();
    }
    expect(await applyMigrations(url)).toEqual(expectedMigrations("sqlite"));
    expect(await recorded(url)).toEqual(appliedOnce("sqlite"));
  });
});
