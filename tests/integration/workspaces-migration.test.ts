/**
 * The workspaces migration on a database that holds data of the schema
 * before it: every user gets a personal workspace (owner) holding their
 * forms, webhooks and keys, and the keys keep working through the server
 * that applied the migration at its start. Runs on the suite's kind of
 * database (a fresh one of its own).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashKey } from "@/lib/auth/api-keys";
import { applyMigrations, migrationsDirs } from "@/lib/db/migrations";
import { execDatabase, queryDatabase } from "../helpers/instances";
import { createEmptyDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<string> {
  const database = await createEmptyDatabase(kind, "wsmig");
  cleanups.push(database.drop);
  return database.url;
}

/** The migrations folder as it was before workspaces (a copy without them). */
function migrationsBeforeWorkspaces(): string {
  const source = migrationsDirs[kind];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-ws-migrations-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entries = fs.readdirSync(source, { withFileTypes: true });
  const workspaces = entries.find((e) => e.isDirectory() && e.name.endsWith("_workspaces"))!.name;
  for (const entry of entries) {
    // Only what came before (migrations apply in name order).
    if (entry.isDirectory() && entry.name >= workspaces) continue;
    fs.cpSync(path.join(source, entry.name), path.join(dir, entry.name), { recursive: true });
  }
  return dir;
}


const KEY_A = "flk_" + "a".repeat(43);
const KEY_B = "flk_" + "b".repeat(43);
const draft = JSON.stringify({ mode: "classic", questions: [{ key: "name", type: "short-text", title: "Name" }] });

describe("migrating a database from before workspaces", () => {
  let server: RunningServer;
  let url: string;

  it("applies the old migrations and stores users, forms, a webhook and keys the old way", async () => {
    url = await emptyDatabase();
    const applied = await applyMigrations(url, migrationsBeforeWorkspaces());
    expect(applied.some((m) => m.endsWith("_workspaces"))).toBe(false);
    const t = kind === "sqlite" ? "CURRENT_TIMESTAMP" : "now()";
    await execDatabase(url, [
      `INSERT INTO "User" ("id", "email", "passwordHash") VALUES ('user_a', 'a@example.test', 'x'), ('user_b', 'b@example.test', 'x')`,
      `INSERT INTO "Form" ("id", "userId", "title", "draft", "updatedAt") VALUES ('form_a1', 'user_a', 'A one', '${draft}', ${t}), ('form_a2', 'user_a', 'A two', '${draft}', ${t}), ('form_b1', 'user_b', 'B one', '${draft}', ${t})`,
      `UPDATE "Form" SET "allowedEmbedOrigins" = '["https://a.example"]' WHERE "id" = 'form_a1'`,
      `INSERT INTO "Webhook" ("id", "formId", "url", "events", "secret", "updatedAt") VALUES ('wh_a', 'form_a1', 'https://example.com/h', '["response.finished"]', 'v1:x', ${t})`,
      `INSERT INTO "ApiKey" ("id", "userId", "name", "scope", "keyPrefix", "keyHash") VALUES
        ('key_a', 'user_a', 'a', 'write', '${KEY_A.slice(0, 12)}', '${hashKey(KEY_A)}'),
        ('key_b', 'user_b', 'b', 'read', '${KEY_B.slice(0, 12)}', '${hashKey(KEY_B)}')`,
    ]);
  });

  it("the server's start applies the workspaces migration: a personal workspace per user, owning their data", { timeout: 60_000 }, async () => {
    server = await startServer(url);
    cleanups.push(() => server.stop());
    const workspaces = await queryDatabase<{ id: string; name: string; personal: unknown }>(url, `SELECT "id", "name", "personal" FROM "Workspace" ORDER BY "id"`);
    expect(workspaces.map((w) => [w.id, w.name, Boolean(w.personal)])).toEqual([["user_a", "Personal", true], ["user_b", "Personal", true]]);
    const members = await queryDatabase<{ workspaceId: string; userId: string; role: string }>(url, `SELECT "workspaceId", "userId", "role" FROM "Membership" ORDER BY "userId"`);
    expect(members).toEqual([{ workspaceId: "user_a", userId: "user_a", role: "owner" }, { workspaceId: "user_b", userId: "user_b", role: "owner" }]);
    const forms = await queryDatabase<{ id: string; workspaceId: string; title: string }>(url, `SELECT "id", "workspaceId", "title" FROM "Form" ORDER BY "id"`);
    expect(forms).toEqual([
      { id: "form_a1", workspaceId: "user_a", title: "A one" },
      { id: "form_a2", workspaceId: "user_a", title: "A two" },
      { id: "form_b1", workspaceId: "user_b", title: "B one" },
    ]);
    // Columns of earlier migrations come through the table rebuild (SQLite) untouched.
    expect(await queryDatabase(url, `SELECT "allowedEmbedOrigins" FROM "Form" WHERE "id" = 'form_a1'`)).toEqual([{ allowedEmbedOrigins: '["https://a.example"]' }]);
    expect(await queryDatabase(url, `SELECT "id", "workspaceId" FROM "Webhook"`)).toEqual([{ id: "wh_a", workspaceId: "user_a" }]);
    expect(await queryDatabase(url, `SELECT "id", "workspaceId", "userId" FROM "ApiKey" ORDER BY "id"`)).toEqual([
      { id: "key_a", workspaceId: "user_a", userId: "user_a" },
      { id: "key_b", workspaceId: "user_b", userId: "user_b" },
    ]);
  });

  it("keys keep working, each in its owner's personal workspace and nowhere else", async () => {
    const get = (key: string, p: string) => fetch(server.baseUrl + p, { headers: { authorization: `Bearer ${key}` } });
    const a = await get(KEY_A, "/api/forms");
    expect(a.status).toBe(200);
    expect(((await a.json()) as { forms: { id: string }[] }).forms.map((f) => f.id).sort()).toEqual(["form_a1", "form_a2"]);
    expect((await get(KEY_A, "/api/forms/form_a1/webhooks")).status).toBe(200);
    const b = await get(KEY_B, "/api/forms");
    expect(((await b.json()) as { forms: { id: string }[] }).forms.map((f) => f.id)).toEqual(["form_b1"]);
    expect((await get(KEY_B, "/api/forms/form_a1")).status).toBe(404);
    const ws = (await (await get(KEY_A, "/api/workspaces")).json()) as { workspaces: unknown[] };
    expect(ws.workspaces).toEqual([{ id: "user_a", name: "Personal", personal: true, role: "owner" }]);
    // The write key still writes (as the owner it was), and that is logged.
    const created = await fetch(server.baseUrl + "/api/forms", { method: "POST", headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" }, body: JSON.stringify({ title: "After" }) });
    expect(created.status).toBe(201);
    const log = await get(KEY_A, "/api/workspaces/user_a/audit-log?action=form.created");
    expect(((await log.json()) as { entries: { actor: { type: string; id: string } }[] }).entries.map((e) => e.actor)).toMatchObject([{ type: "key", id: "key_a" }]);
  });
});
