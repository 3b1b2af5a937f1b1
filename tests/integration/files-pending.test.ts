/**
 * The budgets of pending uploads (files no finished response names): one
 * client address, or all of them together, cannot fill a form's quota with
 * files nobody submits, and others can still upload and submit. On a server
 * of its own (a small quota, client addresses from X-Forwarded-For, a fast
 * sweep) and a database of its own (its sweep removes unnamed rows).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "@/lib/db/client";
import { client, publishedForm, type Owner } from "../helpers/api";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { pdf, upload } from "./files-suite";

const MiB = 1024 * 1024;
const FILE = 40 * 1024;
// UPLOAD_MAX_FORM_MB=1 and the default shares: 10 % per address, 25 % per form.
const PER_ADDRESS = Math.floor(MiB * 0.1);
const PER_FORM = Math.floor(MiB * 0.25);

const folder = mkdtempSync(path.join(tmpdir(), "formloom-files-pending-"));
let server: RunningServer;
let database: TestDatabase;
let db: Db;
let owner: Pick<Owner, "api">;
let previousBase: string | undefined;

const schema = { questions: [{ key: "docs", type: "file-upload", title: "Documents", accept: [".pdf"], maxFiles: 10, maxFileSizeMB: 1 }] };
let address = 0;
/** A respondent: a cookie of its own, from an address of its own. */
const client_ = () => ({ cookie: `fl_rid=${randomBytes(16).toString("base64url")}`, "x-forwarded-for": `198.51.100.${++address}` });
const storedObjects = () => (readdirSync(folder, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[]).filter((d) => d.isFile()).length;

async function submit(slug: string, who: Record<string, string>, body: unknown) {
  const res = await fetch(`${server.baseUrl}/api/public/forms/${slug}/responses`, { method: "POST", headers: { "content-type": "application/json", ...who }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite", "files-pending");
  db = openDatabase(database.url).db;
  server = await startServer(database.url, {
    SUBMISSION_RATE_LIMIT: "0",
    TRUSTED_PROXY_HOPS: "1",
    UPLOAD_MAX_FORM_MB: "1",
    FILES_SWEEP_MS: "300",
    STORAGE_URL: `file:${folder}`,
  });
  previousBase = process.env.TEST_BASE_URL;
  process.env.TEST_BASE_URL = server.baseUrl;
  owner = { api: client(createOwnerKey(database.url)) };
}, 120_000);

afterAll(async () => {
  process.env.TEST_BASE_URL = previousBase;
  await server?.stop();
  await db?.$disconnect();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe("pending uploads", () => {
  it("one client address fills only its own pending budget (413 pending_uploads_exceeded); another client still uploads and submits", async () => {
    const form = await publishedForm(owner, schema);
    const filesPath = `/api/public/forms/${form.slug}/files?question=docs`;
    const attacker = client_();
    const accepted: string[] = [];
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    for (let i = 0; i < 30 && !refused; i++) {
      const up = await upload(server.baseUrl, filesPath, pdf(FILE), `${i}.pdf`, attacker);
      if (up.status === 201) accepted.push(up.body.file.id);
      else refused = up;
    }
    expect(refused?.status).toBe(413);
    expect(refused?.body.error.code).toBe("pending_uploads_exceeded");
    expect(accepted.length).toBe(Math.floor(PER_ADDRESS / FILE));

    // A new cookie does not make a new budget, nor does naming the files in a partial response.
    const sameAddress = { ...attacker, cookie: `fl_rid=${randomBytes(16).toString("base64url")}` };
    expect((await submit(form.slug, attacker, { answers: { docs: accepted }, partial: true })).status).toBe(201);
    const again = await upload(server.baseUrl, filesPath, pdf(FILE), "again.pdf", sameAddress);
    expect(again.status).toBe(413);
    expect(again.body.error.code).toBe("pending_uploads_exceeded");

    const respondent = client_();
    const up = await upload(server.baseUrl, filesPath, pdf(FILE), "mine.pdf", respondent);
    expect(up.status).toBe(201);
    const done = await submit(form.slug, respondent, { answers: { docs: [up.body.file.id] } });
    expect(done.status).toBe(201);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: up.body.file.id } })).responseId).toBe(done.body.response.id);
  });

  it("all addresses together fill at most the form's pending budget; submitted files no longer count against it", async () => {
    const form = await publishedForm(owner, schema);
    const filesPath = `/api/public/forms/${form.slug}/files?question=docs`;
    let pending = 0;
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    for (let i = 0; i < 30 && !refused; i++) {
      const up = await upload(server.baseUrl, filesPath, pdf(FILE), `${i}.pdf`, client_());
      if (up.status === 201) pending += FILE;
      else refused = up;
    }
    expect(refused?.status).toBe(413);
    expect(refused?.body.error.code).toBe("pending_uploads_exceeded");
    expect(refused?.body.error.message).toMatch(/this form/i);
    expect(pending).toBe(Math.floor(PER_FORM / FILE) * FILE);

    // Pending files past their life stop counting (and are swept); a respondent uploads and submits again.
    await db.storedFile.updateMany({ where: { formId: form.id }, data: { createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } });
    const respondent = client_();
    const up = await upload(server.baseUrl, filesPath, pdf(FILE), "mine.pdf", respondent);
    expect(up.status).toBe(201);
    expect((await submit(form.slug, respondent, { answers: { docs: [up.body.file.id] } })).status).toBe(201);
    await expect.poll(() => db.storedFile.count({ where: { formId: form.id } }), { timeout: 15_000 }).toBe(1);

    // The submitted file is the form's, not pending: the pending budget is whole again.
    for (let i = 0; i < Math.floor(PER_FORM / FILE); i++) expect((await upload(server.baseUrl, filesPath, pdf(FILE), `${i}.pdf`, client_())).status).toBe(201);
  });

  it("uploads at once from one address never leave more recorded than its budget, and refused ones leave no object", async () => {
    const form = await publishedForm(owner, schema);
    const filesPath = `/api/public/forms/${form.slug}/files?question=docs`;
    const before = storedObjects();
    const who = client_();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(server.baseUrl, filesPath, pdf(FILE), `${i}.pdf`, who)));
    const accepted = results.filter((r) => r.status === 201);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body.error.code).toBe("pending_uploads_exceeded");
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const recorded = await db.storedFile.aggregate({ where: { formId: form.id }, _sum: { size: true }, _count: true });
    expect(recorded._count).toBe(accepted.length);
    expect(recorded._sum.size ?? 0).toBeLessThanOrEqual(PER_ADDRESS);
    await expect.poll(() => storedObjects()).toBe(before + accepted.length);
  });
});
