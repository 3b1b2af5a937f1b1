/**
 * Upgrading from the first release: a copy of a database that 0.1.0's migrations made, holding
 * data of every kind (tests/fixtures/upgrade/0.1.0, made by scripts/make-upgrade-fixture.ts), is
 * migrated to head by a normal server start, and everything reads back through the API as 0.1.0's
 * API answered it (new fields allowed; fields that change by reading or with the day left out);
 * the files download byte for byte. Runs on the suite's kind of database (a fresh one of its own).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDirs } from "@/lib/db/migrations";
import { sqliteFilePath } from "@/lib/db/url";
import { queryDatabase } from "../helpers/instances";
import { createEmptyDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const root = path.resolve(import.meta.dirname, "../..");

interface Fixture {
  version: string;
  keys: Record<"owner" | "team", string>;
  readings: { key: "owner" | "team"; path: string; body: unknown }[];
  exportCsv: { path: string; text: string };
  downloads: { path: string; contentType: string; sha256: string }[];
}

/** Every release with a fixture. */
const releases = fs.readdirSync(path.join(root, "tests/fixtures/upgrade"));

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      row.push(cell), rows.push(row), (row = []), (cell = "");
    } else cell += c;
  }
  if (cell !== "" || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** Each row as column → cell, so columns added later do not matter. */
const csvRecords = (text: string) => {
  const [header, ...rows] = csvRows(text.replace(/^\uFEFF/, ""));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
};

describe.each(releases)("a database made by %s", (release) => {
  const fixtureDir = path.join(root, "tests/fixtures/upgrade", release, kind);
  const fixture = JSON.parse(fs.readFileSync(path.join(fixtureDir, "readings.json"), "utf8")) as Fixture;
  let database: TestDatabase;
  let server: RunningServer;
  let uploads: string;

  beforeAll(async () => {
    database = await createEmptyDatabase(kind, "upgrade");
    if (kind === "sqlite") fs.copyFileSync(path.join(fixtureDir, "database.sqlite"), sqliteFilePath(database.url));
    else execFileSync("psql", ["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--file", path.join(fixtureDir, "database.sql"), database.url], { stdio: ["ignore", "ignore", "pipe"] });
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-upgrade-uploads-"));
    fs.cpSync(path.join(fixtureDir, "uploads"), uploads, { recursive: true });
    server = await startServer(database.url, { STORAGE_URL: `file:${uploads}`, SUBMISSION_RATE_LIMIT: "0" });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });

  const get = (key: string, url: string) => fetch(server.baseUrl + url, { headers: { authorization: `Bearer ${fixture.keys[key as "owner"]}` } });

  it("is migrated to head by the server's start", async () => {
    const applied = await queryDatabase<{ migration_name: string }>(database.url, `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL ORDER BY "migration_name"`);
    const head = fs.readdirSync(migrationsDirs[kind], { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(applied.map((m) => m.migration_name)).toEqual(head);
  });

  it.each(fixture.readings.map((r) => [r.key, r.path, r] as const))("GET %s %s reads back as it was", async (key, url, reading) => {
    const res = await get(key, url);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(reading.body as object);
  });

  it("exports the same CSV cells", async () => {
    const res = await get("owner", fixture.exportCsv.path);
    expect(res.status).toBe(200);
    // File cells now carry absolute URLs under NEXTAUTH_URL (the test server's own origin); 0.1.0 wrote relative ones.
    const expected = csvRecords(fixture.exportCsv.text.replaceAll("(/api/", `(${new URL(server.baseUrl).origin}/api/`));
    expect(expected.length).toBeGreaterThan(0);
    expect(csvRecords(await res.text())).toMatchObject(expected);
  });

  it.each(fixture.downloads.map((d) => [d.path, d] as const))("downloads %s byte for byte", async (url, download) => {
    const res = await get("owner", url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(download.contentType);
    expect(createHash("sha256").update(Buffer.from(await res.arrayBuffer())).digest("hex")).toBe(download.sha256);
  });

  it("takes new submissions on the upgraded database", async () => {
    const res = await fetch(`${server.baseUrl}/api/public/forms/team-survey/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "fl_rid=upgrade-test-person-0000000000" },
      body: JSON.stringify({ answers: { q: 7 } }),
    });
    expect(res.status).toBe(201);
    const form = fixture.readings.find((r) => r.key === "team" && r.path === "/api/forms")!.body as { forms: { id: string; responseCount: number }[] };
    const listed = await (await get("team", "/api/forms")).json();
    expect(listed.forms[0]).toMatchObject({ id: form.forms[0].id, responseCount: form.forms[0].responseCount + 1 });
  });
});
