/**
 * Backups taken while the server takes submissions, restored into a fresh instance: every
 * submission answered 201 before the backup began is there, and its file downloads byte for byte.
 * SQLite: `admin backup` / `admin restore` (and restore's refusal of a data directory in use).
 * PostgreSQL: `admin backup` refuses and names pg_dump; the drill of docs/operations.md (pg_dump of
 * the database, then a tar of the uploads; pg_restore into an empty database) under the same load.
 * A server and database of its own.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, TEST_AUTH_SECRET, type RunningServer } from "../setup/server";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Place {
  databaseUrl: string;
  uploads: string;
}

/** `npm run --silent admin -- …` (tsx scripts/admin.ts) against a place. */
function admin(place: Place, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: place.databaseUrl, STORAGE_URL: `file:${place.uploads}`, AUTH_SECRET: TEST_AUTH_SECRET },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function freshPlace(label: string, migrated: boolean): Promise<Place & { database: TestDatabase }> {
  const database = migrated ? await createTestDatabase(kind, label) : await createEmptyDatabase(kind, label);
  cleanups.push(database.drop);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), `formloom-${label}-uploads-`));
  fs.rmdirSync(uploads); // restore wants no folder or an empty one; the server makes it
  cleanups.push(() => fs.rmSync(uploads, { recursive: true, force: true }));
  return { database, databaseUrl: database.url, uploads };
}

async function serve(place: Place): Promise<RunningServer> {
  const server = await startServer(place.databaseUrl, { STORAGE_URL: `file:${place.uploads}`, SUBMISSION_RATE_LIMIT: "0" });
  cleanups.push(() => server.stop());
  return server;
}

async function json(server: RunningServer, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + url, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
}

interface Acknowledged {
  id: string;
  fileId: string;
  bytes: Buffer;
  n: number;
  /** When its 201 arrived. */
  at: number;
}

/** Respondents uploading a file and submitting, `workers` at a time, until stopped. */
function submissionLoad(server: RunningServer, slug: string, workers = 4) {
  const acknowledged: Acknowledged[] = [];
  let stopped = false;
  let n = 0;
  const worker = async () => {
    while (!stopped) {
      const cookie = `fl_rid=${randomBytes(18).toString("base64url")}`;
      const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(500 + Math.floor(Math.random() * 3000))]);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), "scan.pdf");
      const up = await fetch(`${server.baseUrl}/api/public/forms/${slug}/files?question=doc`, { method: "POST", body: form, headers: { cookie } });
      const file = await up.json();
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(file)}`);
      const mine = ++n;
      const res = await json(server, "POST", `/api/public/forms/${slug}/responses`, { answers: { doc: [file.file.id], n: mine } }, { cookie });
      if (res.status !== 201) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`);
      acknowledged.push({ id: res.body.response.id, fileId: file.file.id, bytes, n: mine, at: Date.now() });
    }
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * Load on a server, a backup taken in its midst, a restore into a fresh place and a server on it:
 * every submission acknowledged before the backup began reads back there with its file.
 */
async function backupUnderLoad(takeBackup: (source: Place) => Promise<void>, restoreInto: () => Promise<Place>) {
  const source = await freshPlace("backup-src", true);
  const key = createOwnerKey(source.databaseUrl);
  const auth = { authorization: `Bearer ${key}` };
  const server = await serve(source);
  const created = await json(server, "POST", "/api/forms", { title: "Backed up" }, auth);
  const formId = created.body.form.id as string;
  const draft = { title: "Backed up", questions: [{ key: "doc", type: "file-upload", title: "Scan", maxFileSizeMB: 1 }, { key: "n", type: "number", title: "N" }] };
  expect((await json(server, "PUT", `/api/forms/${formId}/version/draft`, draft, auth)).status).toBe(200);
  const slug = (await json(server, "POST", `/api/forms/${formId}/publish`, undefined, auth)).body.form.slug as string;

  const load = submissionLoad(server, slug);
  try {
    await expect.poll(() => load.acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
    const began = Date.now();
    await takeBackup(source);
    const ended = Date.now();
    // The load went on while the backup ran.
    await expect.poll(() => load.acknowledged.filter((a) => a.at > began).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await load.stop();
    const before = load.acknowledged.filter((a) => a.at < began);
    expect(before.length).toBeGreaterThanOrEqual(20);
    console.log(`backup: ${ended - began} ms; ${before.length} submissions acknowledged before it, ${load.acknowledged.length - before.length} during and after`);

    await server.stop();
    const target = await restoreInto();
    const restored = await serve(target);
    for (const a of before) {
      const res = await json(restored, "GET", `/api/forms/${formId}/responses/${a.id}`, undefined, auth);
      expect(res.status, a.id).toBe(200);
      expect(res.body.response.answers.n).toBe(a.n);
      const file = await fetch(`${restored.baseUrl}/api/forms/${formId}/responses/${a.id}/files/${a.fileId}`, { headers: auth });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(a.bytes), a.fileId).toBe(true);
    }
    return { source, target };
  } finally {
    await load.stop().catch(() => {});
  }
}

if (kind === "sqlite") describe("admin backup and restore (SQLite)", () => {
  let archive: string;
  let target: Place;

  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-backups-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    archive = path.join(dir, "formloom-backup.tar.gz");
  });

  it("a backup taken during a submission load restores every acknowledged submission and its file", { timeout: 240_000 }, async () => {
    ({ target } = await backupUnderLoad(
      async (source) => {
        const made = await admin(source, ["backup", "--out", archive]);
        expect(made.code, made.stderr).toBe(0);
        expect(made.stdout).toContain(`to ${archive}`);
      },
      async () => {
        const place = await freshPlace("backup-dst", false);
        const done = await admin(place, ["restore", "--from", archive]);
        expect(done.code, done.stderr).toBe(0);
        return place;
      },
    ));
    expect(fs.statSync(archive).mode & 0o077).toBe(0);
  });

  it("restore refuses a data directory that holds a database or files, and changes nothing", async () => {
    const file = target.databaseUrl.slice("file:".length);
    const before = fs.readFileSync(file);
    const again = await admin(target, ["restore", "--from", archive]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("only into an empty data directory");
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const onlyFiles = await freshPlace("backup-files", false);
    fs.mkdirSync(path.join(onlyFiles.uploads, "upload"), { recursive: true });
    fs.writeFileSync(path.join(onlyFiles.uploads, "upload", "x"), "x");
    const refused = await admin(onlyFiles, ["restore", "--from", archive]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(onlyFiles.uploads);
    expect(fs.existsSync(onlyFiles.databaseUrl.slice("file:".length))).toBe(false);
  });

  it("restore refuses a file that is not a backup", async () => {
    const place = await freshPlace("backup-bad", false);
    const bogus = path.join(path.dirname(archive), "not-a-backup.tar.gz");
    fs.writeFileSync(bogus, "plain text");
    const res = await admin(place, ["restore", "--from", bogus]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("is not a Formloom backup");
    expect(fs.existsSync(place.databaseUrl.slice("file:".length))).toBe(false);
  });
});

if (kind === "postgresql") describe("backups on PostgreSQL", () => {
  it("admin backup refuses and names pg_dump, pg_restore and the docs", async () => {
    const place = await freshPlace("backup-pg", true);
    const out = path.join(os.tmpdir(), `formloom-pg-${randomBytes(4).toString("hex")}.tar.gz`);
    const res = await admin(place, ["backup", "--out", out]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/pg_dump.*pg_restore.*docs\/operations\.md#backups/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it("the documented pg_dump / pg_restore drill under a submission load restores every acknowledged submission and its file", { timeout: 240_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-pg-backups-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await backupUnderLoad(
      async (source) => {
        await run("pg_dump", ["--format=custom", "--file", path.join(dir, "formloom.dump"), source.databaseUrl]);
        // As documented: GNU tar exits 1 when an upload arrives while it reads the folder (a file newer
        // than the dump, extra in the copy); only a status above 1 is a failed archive.
        await run("tar", ["--warning=no-file-changed", "-C", path.dirname(source.uploads), "-czf", path.join(dir, "uploads.tar.gz"), path.basename(source.uploads)])
          .catch((error: { code?: number }) => { if (error.code !== 1) throw error; });
      },
      async () => {
        const place = await freshPlace("backup-pg-dst", false);
        await run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", place.databaseUrl, path.join(dir, "formloom.dump")]);
        const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-pg-unpacked-"));
        cleanups.push(() => fs.rmSync(unpacked, { recursive: true, force: true }));
        await run("tar", ["-C", unpacked, "-xzf", path.join(dir, "uploads.tar.gz")]);
        fs.renameSync(path.join(unpacked, fs.readdirSync(unpacked)[0]), place.uploads);
        return place;
      },
    );
  });
});
