/**
 * Fresh, migrated databases for test runs: a SQLite file in a temp folder, or
 * a new database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "../../lib/db/migrations";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database with nothing in it yet (no migrations), as on an install's very first start. */
export async function createEmptyDatabase(kind: "sqlite" | "postgresql", label = "test"): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `formloom-${label}-`));
    return { url: `file:${path.join(dir, "formloom.db")}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("TEST_DATABASE_URL is not set");
  const name = `formloom_${label}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh database with every migration applied. */
export async function createTestDatabase(kind: "sqlite" | "postgresql", label = "test"): Promise<TestDatabase> {
  const database = await createEmptyDatabase(kind, label);
  await applyMigrations(database.url);
  return database;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A user and a write API key on a database other than the suite's, made the
 * way an operator does it (the admin CLI), for tests that run their own server.
 */
export function createOwnerKey(databaseUrl: string): string {
  const email = `owner-${randomBytes(6).toString("hex")}@example.test`;
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
  admin("create-user", "--email", email, "--password", "correct horse battery staple");
  return admin("create-key", "--email", email, "--name", "tests", "--scope", "write").trim().split("\n").at(-1)!;
}
