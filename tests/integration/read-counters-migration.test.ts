/**
 * The migrations of the read counters (form views, the search table) on a database that holds data from
 * before them: the form view counter is filled from the views already
 * recorded, and (PostgreSQL) the narrow search table from the finished
 * responses, which the app then finds and keeps in step. Runs on the suite's
 * kind of database (a fresh one of its own).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { applyMigrations, migrationsDirs } from "@/lib/db/migrations";
import { execDatabase, queryDatabase } from "../helpers/instances";
import { createEmptyDatabase } from "../setup/database";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The migrations folder without `first` and what came after it. */
function migrationsBefore(first: string): string {
  const source = migrationsDirs[kind];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-read-migrations-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entries = fs.readdirSync(source, { withFileTypes: true }).filter((e) => e.isDirectory());
  const cut = entries.filter((e) => e.name.endsWith(first)).map((e) => e.name)[0] ?? "~";
  for (const entry of entries) if (entry.name < cut) fs.cpSync(path.join(source, entry.name), path.join(dir, entry.name), { recursive: true });
  return dir;
}


it("fills the view counters and (PostgreSQL) the search table from the rows already there, then keeps them", async () => {
  const database = await createEmptyDatabase(kind, "readmig");
  cleanups.push(database.drop);
  const url = database.url;
  // Before both (on SQLite the search table is older: only the view counter is new).
  const applied = await applyMigrations(url, migrationsBefore(kind === "postgresql" ? "_response_search_table" : "_form_view_count"));
  expect(applied.some((m) => m.endsWith("_form_view_count"))).toBe(false);
  const t = kind === "sqlite" ? "CURRENT_TIMESTAMP" : "now()";
  const [yes, no] = kind === "sqlite" ? ["1", "0"] : ["TRUE", "FALSE"];
  const response = (id: string, finished: string, text: string) =>
    `('${id}', 'f1', 'v1', 'p-${id}', ${finished}, ${t}, ${finished === yes ? t : "NULL"}, '{}', '{}', '${text}')`;
  await execDatabase(url, [
    `INSERT INTO "User" ("id", "email", "passwordHash") VALUES ('u1', 'u1@example.test', 'x')`,
    `INSERT INTO "Workspace" ("id", "name", "updatedAt") VALUES ('w1', 'W', ${t})`,
    `INSERT INTO "Form" ("id", "title", "draft", "updatedAt", "workspaceId") VALUES ('f1', 'F', '{}', ${t}, 'w1'), ('f2', 'G', '{}', ${t}, 'w1')`,
    `INSERT INTO "FormVersion" ("id", "formId", "version", "schema") VALUES ('v1', 'f1', 1, '{"questions":[]}')`,
    `INSERT INTO "FormView" ("formId", "personKey") VALUES ('f1', 'a'), ('f1', 'b'), ('f1', 'c'), ('f2', 'a')`,
    `INSERT INTO "Response" ("id", "formId", "versionId", "personKey", "finished", "updatedAt", "submittedAt", "answers", "metadata", "searchText") VALUES
      ${[response("r1", yes, "great support"), response("r2", no, "support half way"), response("r3", yes, "fast exports")].join(", ")}`,
  ]);

  const rest = await applyMigrations(url);
  expect(rest.some((m) => m.endsWith("_form_view_count"))).toBe(true);
  expect(await queryDatabase(url, `SELECT "formId", "count" FROM "FormViewCount" ORDER BY "formId"`)).toEqual([
    { formId: "f1", count: 3 },
    { formId: "f2", count: 1 },
  ]);
  if (kind !== "postgresql") return;

  const search = () => queryDatabase<{ responseId: string; searchText: string }>(url, `SELECT "responseId", "searchText" FROM "ResponseSearch" ORDER BY "responseId"`);
  // Finished responses only.
  expect(await search()).toEqual([
    { responseId: "r1", searchText: "great support" },
    { responseId: "r3", searchText: "fast exports" },
  ]);
  // The triggers: a partial that finishes comes in, a changed text follows, a deleted response leaves.
  await execDatabase(url, [
    `UPDATE "Response" SET "finished" = TRUE, "submittedAt" = now(), "searchText" = 'support at last' WHERE "id" = 'r2'`,
    `UPDATE "Response" SET "searchText" = 'faster exports' WHERE "id" = 'r3'`,
    `DELETE FROM "Response" WHERE "id" = 'r1'`,
  ]);
  expect(await search()).toEqual([
    { responseId: "r2", searchText: "support at last" },
    { responseId: "r3", searchText: "faster exports" },
  ]);
});
