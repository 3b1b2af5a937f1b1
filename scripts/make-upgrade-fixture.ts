/**
 * Makes the upgrade fixture: a database of a release's schema holding data of every kind, its
 * uploads, and what the API answered about that data (tests/integration/upgrade.test.ts starts
 * today's server on a copy and reads it all back).
 *
 *   npx tsx scripts/make-upgrade-fixture.ts            (needs a production build and TEST_DATABASE_URL)
 *
 * The database is created by the release's own migrations (taken from git at RELEASE_COMMIT), and
 * filled through the API of the server of this checkout, so it is made only while this checkout's
 * migrations are still exactly the release's: with a later migration, the server's start would
 * upgrade the database while the fixture is being made. A fixture is made once per release and
 * then never remade; later releases add a folder of their own.
 *
 * Writes tests/fixtures/upgrade/<version>/<sqlite|postgresql>/{database.sqlite|database.sql,
 * uploads/, readings.json}.
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "../lib/db/client";
import { applyMigrations, migrationsDirs } from "../lib/db/migrations";
import { sqliteFilePath } from "../lib/db/url";
import { createEmptyDatabase } from "../tests/setup/database";
import { startServer, type RunningServer } from "../tests/setup/server";

/** 0.1.0: the commit whose changelog names the release (the repository has no tags). */
export const RELEASE = { version: "0.1.0", commit: "229cc01" };

const root = path.resolve(import.meta.dirname, "..");
type Kind = "sqlite" | "postgresql";
const migrationsPath: Record<Kind, string> = { sqlite: "prisma/migrations", postgresql: "prisma/postgres/migrations" };

/** The release's migrations folder, from git. */
function releaseMigrations(kind: Kind, into: string): string {
  const archive = execFileSync("git", ["archive", RELEASE.commit, migrationsPath[kind]], { cwd: root, maxBuffer: 64 << 20 });
  execFileSync("tar", ["-x", "-C", into], { input: archive });
  return path.join(into, migrationsPath[kind]);
}

function sameMigrations(a: string, b: string): boolean {
  const list = (dir: string) => fs.readdirSync(dir).sort();
  const names = list(a);
  if (names.join() !== list(b).join()) return false;
  return names.every((name) => {
    const file = (dir: string) => (fs.statSync(path.join(dir, name)).isDirectory() ? path.join(dir, name, "migration.sql") : path.join(dir, name));
    return fs.readFileSync(file(a), "utf8") === fs.readFileSync(file(b), "utf8");
  });
}

// ---- bytes of the files ----
/** A real 1×1 PNG (red). */
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082", "hex");
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256))]);

async function upload(base: string, url: string, bytes: Buffer, name: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(base + url, { method: "POST", body: form, headers });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Every question type, with logic, endings, a theme and a translation. */
function everyTypeDraft(assetId: string) {
  return {
    title: "Every question type",
    description: "One of each",
    mode: "classic",
    thankYouMessage: "Thanks!",
    language: "en",
    questions: [
      { key: "intro", type: "statement", title: "Welcome" },
      { key: "name", type: "short-text", title: "Your name", required: true, placeholder: "Ada" },
      { key: "story", type: "long-text", title: "Tell us more", maxLength: 500, showIf: { question: "name", op: "answered" } },
      { key: "mail", type: "email", title: "Email" },
      { key: "age", type: "number", title: "Age", min: 0, max: 150 },
      { key: "site", type: "url", title: "Website" },
      { key: "tel", type: "phone", title: "Phone" },
      { key: "colour", type: "single-choice", title: "Colour", options: ["Red", "Blue"], allowOther: true },
      { key: "letters", type: "multiple-choice", title: "Letters", options: ["x", "y", "z"] },
      { key: "size", type: "dropdown", title: "Size", options: ["S", "M", "L"] },
      { key: "stars", type: "rating", title: "Stars", scaleMax: 5 },
      { key: "scale", type: "opinion-scale", title: "Agree?", scaleMin: 1, scaleMax: 7 },
      { key: "nps", type: "nps", title: "Recommend?", jump: [{ if: { question: "nps", op: "lt", value: 5 }, to: "sorry" }] },
      { key: "ok", type: "yes-no", title: "OK?", group: "page", scores: { yes: 2, no: 0 } },
      { key: "when", type: "date", title: "Date", group: "page" },
      { key: "at", type: "time", title: "Time", group: "page" },
      { key: "grid", type: "matrix", title: "Rate", rows: ["Speed", "Price"], columns: ["Bad", "OK", "Good"] },
      { key: "rank", type: "ranking", title: "Rank", options: ["A", "B", "C"] },
      { key: "terms", type: "consent", title: "Terms", text: "I agree", required: true },
      { key: "src", type: "hidden" },
      { key: "docs", type: "file-upload", title: "Documents", maxFiles: 2, maxFileSizeMB: 1 },
      { key: "sig", type: "signature", title: "Sign" },
      { key: "pet", type: "picture-choice", title: "Pet", pictures: [{ label: "Cat", image: assetId }, { label: "Dog" }] },
    ],
    endings: [{ key: "sorry", title: "Sorry to hear it", message: "We will do better." }],
    translations: { fr: { title: "Chaque type", questions: { name: { title: "Votre nom" } } } },
    theme: { colors: { accent: "#1f6feb" }, radius: 4, font: "serif", logo: assetId, logoAlt: "Cat" },
  };
}

async function makeFixture(kind: Kind, outDir: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `formloom-fixture-${kind}-`));
  const migrations = releaseMigrations(kind, work);
  if (!sameMigrations(migrations, migrationsDirs[kind])) {
    throw new Error(`This checkout's ${migrationsPath[kind]} is not ${RELEASE.version}'s: the fixture of ${RELEASE.version} is made from a checkout of ${RELEASE.commit} (it is made once, then kept).`);
  }
  const database = await createEmptyDatabase(kind, "fixture");
  await applyMigrations(database.url, migrations);
  const uploads = path.join(work, "uploads");
  let server: RunningServer | undefined;
  try {
    const admin = (...args: string[]) =>
      execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: "utf8",
      });
    const owner = { email: "owner@example.test", password: "correct horse battery staple" };
    admin("create-user", "--email", owner.email, "--password", owner.password);
    const key = admin("create-key", "--email", owner.email, "--name", "fixture", "--scope", "write").trim().split("\n").at(-1)!;
    server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0", STORAGE_URL: `file:${uploads}`, WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
    const base = server.baseUrl;
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) => {
      const res = await fetch(base + url, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    const person = () => ({ cookie: `fl_rid=${randomBytes(18).toString("base64url")}` });

    // A second key (read), and a revoked one.
    await call("POST", "/api/keys", { name: "reader", scope: "read" });
    const revoked = await call("POST", "/api/keys", { name: "revoked", scope: "read" });
    await call("DELETE", `/api/keys/${revoked.id}`);

    // The form of every type, published, with settings.
    const form = (await call("POST", "/api/forms", { title: "Every question type", slug: "every-type" })).form;
    const asset = (await upload(base, `/api/forms/${form.id}/assets`, PNG, "cat.png", { authorization: `Bearer ${key}` })).asset;
    await call("PUT", `/api/forms/${form.id}/version/draft`, everyTypeDraft(asset.id));
    await call("PATCH", `/api/forms/${form.id}`, { maxResponses: 1000, allowedEmbedOrigins: ["https://embed.example"], endAt: "2099-01-01T00:00:00.000Z" });
    await call("POST", `/api/forms/${form.id}/publish`);

    // Responses: a full one with files, a short one, a partial one.
    const who = person();
    const doc = (await upload(base, `/api/public/forms/every-type/files?question=docs`, PDF, "report.pdf", who)).file;
    const sig = (await upload(base, `/api/public/forms/every-type/files?question=sig`, PNG, "signature.png", who)).file;
    const full = {
      name: "Ada", story: "A longer story\nover two lines", mail: "ada@example.test", age: 36, site: "https://ada.example", tel: "+44 20 7946 0000",
      colour: "Green", letters: ["x", "z"], size: "M", stars: 4, scale: 6, nps: 9, ok: true, when: "2026-11-30", at: "09:15",
      grid: { Speed: "Good", Price: "OK" }, rank: ["B", "A", "C"], terms: true, src: "newsletter", docs: [doc.id], sig: sig.id, pet: "Cat",
    };
    const responseIds: string[] = [];
    for (const [body, headers] of [
      [{ answers: full }, who],
      [{ answers: { name: "Bob", terms: true, nps: 3, ok: false, pet: "Dog" } }, person()],
      [{ answers: { name: "Cy" }, partial: true }, person()],
    ] as const) responseIds.push((await call("POST", "/api/public/forms/every-type/responses", body, headers)).response.id);
    await call("POST", "/api/public/forms/every-type/views", undefined, person());

    // Webhooks and notifications after the responses (no deliveries to wait for).
    await call("POST", `/api/forms/${form.id}/webhooks`, { url: "http://127.0.0.1:9/hook", events: ["response.finished", "form.published"] });
    const off = (await call("POST", `/api/forms/${form.id}/webhooks`, { url: "http://127.0.0.1:9/other" })).webhook;
    await call("PATCH", `/api/forms/${form.id}/webhooks/${off.id}`, { enabled: false });
    await call("PUT", `/api/forms/${form.id}/notifications`, { recipients: ["owner@example.test"], confirmation: { enabled: true, questionKey: "mail", subject: "Thanks {{name}}", message: "We got it." } });

    // A draft form, and a form in a team workspace with a member and an invitation.
    await call("POST", "/api/forms", { title: "Draft only", templateId: "contact" }).catch(() => call("POST", "/api/forms", { title: "Draft only" }));
    const { sessionCookie, sessionHeaders } = await import("../tests/helpers/session");
    const session = sessionHeaders(await sessionCookie(owner.email, owner.password, base), base);
    const team = (await call("POST", "/api/workspaces", { name: "Team" }, session)).workspace;
    const joined = (await call("POST", `/api/workspaces/${team.id}/invitations`, { email: "member@example.test", role: "editor" }, session)).invitation;
    await call("POST", `/api/invitations/${joined.url.split("/invite/")[1]}/signup`, { password: "another long passphrase" }, {});
    await call("POST", `/api/workspaces/${team.id}/invitations`, { email: "pending@example.test", role: "viewer" }, session);
    const teamKey = admin("create-key", "--email", owner.email, "--name", "team", "--scope", "write", "--workspace", team.id).trim().split("\n").at(-1)!;
    const teamAuth = { authorization: `Bearer ${teamKey}` };
    const teamForm = (await call("POST", "/api/forms", { title: "Team survey" }, teamAuth)).form;
    await call("PUT", `/api/forms/${teamForm.id}/version/draft`, { title: "Team survey", questions: [{ key: "q", type: "nps", title: "Q" }] }, teamAuth);
    const teamSlug = (await call("POST", `/api/forms/${teamForm.id}/publish`, undefined, teamAuth)).form.slug;
    await call("POST", `/api/public/forms/${teamSlug}/responses`, { answers: { q: 10 } }, person());

    // The pending invitation stays pending whenever the test runs (they expire after 7 days).
    const { db } = openDatabase(database.url);
    await db.invitation.updateMany({ where: { email: "pending@example.test" }, data: { expiresAt: new Date("2099-01-01T00:00:00.000Z") } });
    await db.$disconnect();

    // What the API answers now: the readings the test compares with.
    const reads: { key: "owner" | "team"; path: string }[] = [
      ...["/api/forms", `/api/forms/${form.id}`, `/api/forms/${form.id}/responses`, `/api/forms/${form.id}/analytics/summary`,
        `/api/forms/${form.id}/webhooks`, `/api/forms/${form.id}/notifications`, "/api/keys", "/api/workspaces", "/api/public/forms/every-type"].map((p) => ({ key: "owner" as const, path: p })),
      ...responseIds.map((id) => ({ key: "owner" as const, path: `/api/forms/${form.id}/responses/${id}` })),
      ...["/api/forms", `/api/forms/${teamForm.id}/responses`, `/api/workspaces/${team.id}/members`, `/api/workspaces/${team.id}/invitations`, `/api/forms/${teamForm.id}/analytics/summary`].map((p) => ({ key: "team" as const, path: p })),
    ];
    const keys = { owner: key, team: teamKey };
    const readings = [];
    for (const read of reads) readings.push({ ...read, body: stripVolatile(await call("GET", read.path, undefined, { authorization: `Bearer ${keys[read.key]}` })) });
    const csv = await (await fetch(`${base}/api/forms/${form.id}/responses/export`, { headers: { authorization: `Bearer ${key}` } })).text();
    const files = [`/api/forms/${form.id}/responses/${responseIds[0]}/files/${doc.id}`, `/api/forms/${form.id}/responses/${responseIds[0]}/files/${sig.id}`, `/api/assets/${asset.id}`];
    const downloads = [];
    for (const file of files) {
      const res = await fetch(base + file, { headers: { authorization: `Bearer ${key}` } });
      if (res.status !== 200) throw new Error(`GET ${file}: ${res.status}`);
      downloads.push({ path: file, contentType: res.headers.get("content-type"), sha256: createHash("sha256").update(Buffer.from(await res.arrayBuffer())).digest("hex") });
    }
    await server.stop();
    server = undefined;

    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    if (kind === "sqlite") {
      // One file, with nothing left in a WAL.
      const conn = new Database(sqliteFilePath(database.url));
      conn.exec(`VACUUM INTO '${path.join(outDir, "database.sqlite").replaceAll("'", "''")}'`);
      conn.close();
    } else {
      execFileSync("pg_dump", ["--no-owner", "--no-privileges", "--file", path.join(outDir, "database.sql"), database.url]);
    }
    fs.cpSync(uploads, path.join(outDir, "uploads"), { recursive: true });
    const made = { version: RELEASE.version, commit: RELEASE.commit, keys, readings, exportCsv: { path: `/api/forms/${form.id}/responses/export`, text: csv }, downloads };
    fs.writeFileSync(path.join(outDir, "readings.json"), JSON.stringify(made, null, 1) + "\n");
  } finally {
    await server?.stop();
    await database.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Fields that change by reading them (a key's last use, a fresh start token) or with the day the test runs. */
const VOLATILE = new Set(["lastUsedAt", "todayResponses", "weekResponses", "startToken"]);
function stripVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripVolatile);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE.has(k)).map(([k, v]) => [k, stripVolatile(v)]));
  }
  return value;
}

const kinds = (process.argv[2] ? [process.argv[2]] : ["sqlite", "postgresql"]) as Kind[];
for (const kind of kinds) {
  await makeFixture(kind, path.join(root, "tests/fixtures/upgrade", RELEASE.version, kind));
  console.log(`made tests/fixtures/upgrade/${RELEASE.version}/${kind}`);
}
