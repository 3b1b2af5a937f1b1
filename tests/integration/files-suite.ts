/**
 * The files feature end to end, on a server of its own with a given
 * STORAGE_URL: files-disk.test.ts runs it on a folder, files-s3.test.ts on a
 * real S3-compatible server (s3rver) the test starts itself. Same database as
 * the suite (owners are per test, so nothing is shared).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "@/lib/db/client";
import { pdf, png } from "../fixtures/files";
import { client, publishedForm, type Owner } from "../helpers/api";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";

export interface StorageUnderTest {
  /** STORAGE_URL and the S3_* settings. */
  env: Record<string, string>;
  /** Every object key in the store (for "nothing left behind"). */
  keys(): Promise<string[]>;
  /** One object's bytes, or null. */
  read(key: string): Promise<Buffer | null>;
}

// ---- bytes ----
export { pdf, png };

const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), randomBytes(500)]);

// ---- HTTP ----
const BOUNDARY = "----formloom-test-boundary";
let server: RunningServer;
let database: TestDatabase;
let db: Db;
const url = (path: string) => server.baseUrl + path;

/** What these tests need of an owner, made on their own database: the admin CLI's write key, and a read key made with it. */
type KeyOwner = Pick<Owner, "api" | "writeKey" | "readKey">;
async function ownerOf(databaseUrl: string): Promise<KeyOwner> {
  const writeKey = createOwnerKey(databaseUrl);
  const api = client(writeKey);
  const read = await api.post("/api/keys", { name: "tests (read)", scope: "read" });
  if (read.status !== 201) throw new Error(`read key: ${read.text}`);
  return { api, writeKey, readKey: read.body.key };
}

/** POSTs one multipart part (`field`, default "file"). */
export async function upload(base: string, path: string, bytes: Buffer, name: string, headers: Record<string, string> = {}, field = "file") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(base + path, { method: "POST", body: form, headers });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text, headers: res.headers };
}

/** A multipart body streamed from generated chunks (never whole in this process either). */
function streamedMultipart(total: number, head: Buffer) {
  const start = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const end = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  const block = randomBytes(256 * 1024);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(start);
        controller.enqueue(head);
        sent = head.length;
        return;
      }
      if (sent >= total) {
        controller.enqueue(end);
        controller.close();
        return;
      }
      const n = Math.min(block.length, total - sent);
      controller.enqueue(block.subarray(0, n));
      sent += n;
    },
  });
}

async function json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url(path), {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text, headers: res.headers };
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
const cookie = () => ({ cookie: `fl_rid=${randomBytes(16).toString("base64url")}` });
const auth = (o: KeyOwner) => ({ authorization: `Bearer ${o.writeKey}` });

const schema = {
  questions: [
    { key: "docs", type: "file-upload", title: "Your documents", maxFiles: 3, maxFileSizeMB: 1 },
    { key: "cv", type: "file-upload", title: "CV (PDF)", accept: [".pdf"], maxFileSizeMB: 2 },
    { key: "sig", type: "signature", title: "Sign here" },
    { key: "note", type: "short-text", title: "Note" },
  ],
};

export function filesSuite(name: string, storage: () => StorageUnderTest) {
  describe(`files on ${name}`, () => {
    let owner: KeyOwner;
    let other: KeyOwner;
    let previousBase: string | undefined;

    beforeAll(async () => {
      // A database of its own: a server's sweep removes, from its own store, the files of every row
      // its database holds unnamed. On the suite's database the other servers that keep files (another
      // store each) would sweep this server's rows when their files run at the same time.
      database = await createTestDatabase(process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite", "files");
      db = openDatabase(database.url).db;
      server = await startServer(database.url, {
        SUBMISSION_RATE_LIMIT: "0",
        UPLOAD_MAX_FORM_MB: "4",
        // The whole quota for pending uploads too: the pending budgets have a file of their own (files-pending.test.ts).
        UPLOAD_PENDING_FORM_PERCENT: "100",
        UPLOAD_PENDING_ADDRESS_PERCENT: "100",
        UPLOAD_MAX_FILE_MB: "25",
        FILES_ORPHAN_MAX_AGE_MS: String(60 * 60 * 1000),
        FILES_SWEEP_MS: "300",
        ...storage().env,
      });
      // publishedForm and the owners' clients talk to this server.
      previousBase = process.env.TEST_BASE_URL;
      process.env.TEST_BASE_URL = server.baseUrl;
      [owner, other] = [await ownerOf(database.url), await ownerOf(database.url)];
    }, 120_000);

    afterAll(async () => {
      process.env.TEST_BASE_URL = previousBase;
      await server?.stop();
      await db?.$disconnect();
      await database?.drop();
    });

    const filesPath = (slug: string, q: string) => `/api/public/forms/${slug}/files?question=${q}`;

    it("uploads, submits, lists, exports and downloads the same bytes, owner only", async () => {
      const form = await publishedForm(owner, schema);
      const who = cookie();
      const bytes = png();
      const up = await upload(server.baseUrl, filesPath(form.slug, "docs"), bytes, "../../etc/holiday photo.png", who);
      expect(up.status).toBe(201);
      expect(up.body.file).toEqual({ id: expect.stringMatching(/^[0-9a-z]{26}$/), name: "holiday photo.png", size: bytes.length, contentType: "image/png" });
      const id = up.body.file.id as string;
      // The object key is ours, never the name.
      expect(await storage().keys()).toContain(`upload/${id}`);
      expect(await storage().read(`upload/${id}`)).toEqual(bytes);

      const sig = await upload(server.baseUrl, filesPath(form.slug, "sig"), png(), "signature.png", who);
      expect(sig.status).toBe(201);
      const submitted = await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [id], sig: sig.body.file.id, note: "hi" } }, who);
      expect(submitted.status).toBe(201);
      const responseId = submitted.body.response.id as string;
      const fileUrl = `/api/forms/${form.id}/responses/${responseId}/files/${id}`;

      const list = await json("GET", `/api/forms/${form.id}/responses`, undefined, auth(owner));
      expect(list.status).toBe(200);
      expect(list.body.responses[0].answers).toEqual({
        docs: [{ id, name: "holiday photo.png", size: bytes.length, contentType: "image/png", url: fileUrl }],
        sig: { id: sig.body.file.id, name: "signature.png", size: expect.any(Number), contentType: "image/png", url: expect.stringContaining(`/files/${sig.body.file.id}`) },
        note: "hi",
      });
      const detail = await json("GET", `/api/forms/${form.id}/responses/${responseId}`, undefined, auth(owner));
      expect(detail.body.response.answers.docs[0].url).toBe(fileUrl);

      const csv = await fetch(url(`/api/forms/${form.id}/responses/export`), { headers: auth(owner) });
      // Absolute in the CSV (NEXTAUTH_URL, the server's address here), and it downloads the file.
      const csvText = await csv.text();
      expect(csvText).toContain(`holiday photo.png (${server.baseUrl}${fileUrl})`);
      expect(csvText).toContain(`signature.png (${server.baseUrl}/api/forms/${form.id}/responses/${responseId}/files/${sig.body.file.id})`);
      const fromCsv = /holiday photo\.png \((http[^)]+)\)/.exec(csvText)![1];
      expect((await fetch(fromCsv, { headers: auth(owner) })).status).toBe(200);

      const download = await fetch(url(fileUrl), { headers: { authorization: `Bearer ${owner.readKey}` } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
      expect(download.headers.get("content-type")).toBe("image/png");
      expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="holiday photo.png"/);
      expect(download.headers.get("x-content-type-options")).toBe("nosniff");
      expect(download.headers.get("content-security-policy")).toBe("sandbox");
    });

    it("reads names as UTF-8 (filename and filename*), in NFC, without bidirectional or control characters, wherever they are shown or served", async () => {
      const form = await publishedForm(owner, schema);
      const who = cookie();
      /** One part whose Content-Disposition parameters are these bytes, as a browser frames it. */
      const rawUpload = async (question: string, params: Buffer, headers: Record<string, string> = who) => {
        const body = Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; `),
          params,
          Buffer.from(`\r\nContent-Type: application/pdf\r\n\r\n`),
          pdf(1000),
          Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
        ]);
        const res = await fetch(url(filesPath(form.slug, question)), { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers }, body: new Uint8Array(body) });
        expect(res.status).toBe(201);
        return (await res.json()).file as { id: string; name: string };
      };
      // A browser sends the name's UTF-8 bytes as they are.
      const utf8 = await rawUpload("docs", Buffer.from('filename="Müller.pdf"', "utf8"));
      expect(utf8.name).toBe("Müller.pdf");
      // Decomposed (as macOS names files) comes back composed.
      expect((await rawUpload("docs", Buffer.from('filename="Mu\u0308ller.pdf"', "utf8"))).name).toBe("Müller.pdf");
      // A right-to-left override would show "report<RLO>fdp.exe.pdf" as "reportfdp.exe.pdf" read backwards.
      const rlo = await rawUpload("cv", Buffer.from("filename*=UTF-8''report%E2%80%AEfdp.exe.pdf"));
      expect(rlo.name).toBe("reportfdp.exe.pdf");
      const controls = await rawUpload("docs", Buffer.from("filename*=UTF-8''%E2%81%A6a%C2%85b%E2%80%8F%07c%D8%9C.pdf"));
      expect(controls.name).toBe("abc.pdf");
      expect((await db.storedFile.findMany({ where: { id: { in: [utf8.id, rlo.id, controls.id] } }, orderBy: { name: "asc" } })).map((f) => f.name)).toEqual(["Müller.pdf", "abc.pdf", "reportfdp.exe.pdf"]);

      const submitted = await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [utf8.id, controls.id], cv: [rlo.id] } }, who);
      expect(submitted.status).toBe(201);
      const responseId = submitted.body.response.id as string;
      const download = await fetch(url(`/api/forms/${form.id}/responses/${responseId}/files/${utf8.id}`), { headers: auth(owner) });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toBe("attachment; filename=\"M_ller.pdf\"; filename*=UTF-8''M%C3%BCller.pdf");

      // A name stored with a bidirectional control before these rules is shown and served without it.
      await db.storedFile.update({ where: { id: rlo.id }, data: { name: "old\u202efdp.exe.pdf" } });
      const detail = await json("GET", `/api/forms/${form.id}/responses/${responseId}`, undefined, auth(owner));
      expect(detail.body.response.answers.cv[0].name).toBe("oldfdp.exe.pdf");
      expect(detail.body.response.answers.docs.map((f: { name: string }) => f.name)).toEqual(["Müller.pdf", "abc.pdf"]);
      const csv = await (await fetch(url(`/api/forms/${form.id}/responses/export`), { headers: auth(owner) })).text();
      expect(csv).toContain("oldfdp.exe.pdf");
      expect(csv).not.toContain("\u202e");
      const old = await fetch(url(`/api/forms/${form.id}/responses/${responseId}/files/${rlo.id}`), { headers: auth(owner) });
      expect(old.headers.get("content-disposition")).toBe("attachment; filename=\"oldfdp.exe.pdf\"; filename*=UTF-8''oldfdp.exe.pdf");

      // The no-JavaScript post hands the browser's UTF-8 name on unchanged.
      const posted = await fetch(url(`/s/${form.slug}/submit`), {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...cookie() },
        body: new Uint8Array(Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="\u00c6r\u00f8 \u202egnp.pdf"\r\nContent-Type: application/pdf\r\n\r\n`, "utf8"),
          pdf(1000),
          Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
        ])),
      });
      expect(posted.status).toBeLessThan(400);
      const postedFiles = await db.storedFile.findMany({ where: { formId: form.id, questionKey: "cv", id: { not: rlo.id } } });
      expect(postedFiles.map((f) => f.name)).toEqual(["\u00c6r\u00f8 gnp.pdf"]);
    });

    it("answers 404 to other owners, other forms, other responses and unknown ids", async () => {
      const form = await publishedForm(owner, schema);
      const second = await publishedForm(owner, schema);
      const who = cookie();
      const up = await upload(server.baseUrl, filesPath(form.slug, "docs"), pdf(2000), "a.pdf", who);
      const responseId = (await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [up.body.file.id] } }, who)).body.response.id;
      const otherResponse = (await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { note: "x" } }, cookie())).body.response.id;
      const fileId = up.body.file.id;
      const get = (o: KeyOwner, path: string) => fetch(url(path), { headers: auth(o) });
      expect((await get(owner, `/api/forms/${form.id}/responses/${responseId}/files/${fileId}`)).status).toBe(200);
      for (const [who2, path] of [
        [other, `/api/forms/${form.id}/responses/${responseId}/files/${fileId}`],
        [owner, `/api/forms/${second.id}/responses/${responseId}/files/${fileId}`],
        [owner, `/api/forms/${form.id}/responses/${otherResponse}/files/${fileId}`],
        [owner, `/api/forms/${form.id}/responses/${responseId}/files/01jbz6y8m2c4d6f8g0h2j4k6m8`],
      ] as const) {
        const res = await get(who2, path);
        expect(res.status, path).toBe(404);
        expect((await res.json()).error.code).toBe("not_found");
      }
      expect((await fetch(url(`/api/forms/${form.id}/responses/${responseId}/files/${fileId}`))).status).toBe(401);
    });

    it("attaches only the respondent's own, unattached uploads for that form and question", async () => {
      const form = await publishedForm(owner, schema);
      const second = await publishedForm(owner, schema);
      const alice = cookie();
      const bob = cookie();
      const mine = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "a.png", alice)).body.file.id;
      const cv = (await upload(server.baseUrl, filesPath(form.slug, "cv"), pdf(5000), "cv.pdf", alice)).body.file.id;
      const elsewhere = (await upload(server.baseUrl, filesPath(second.slug, "docs"), png(), "b.png", alice)).body.file.id;
      const submit = (who: Record<string, string>, answers: unknown) => json("POST", `/api/public/forms/${form.slug}/responses`, { answers }, who);
      for (const [who, answers] of [
        [bob, { docs: [mine] }], // someone else's upload
        [alice, { docs: [cv] }], // uploaded for another question
        [alice, { docs: [elsewhere] }], // uploaded for another form
        [alice, { docs: ["01jbz6y8m2c4d6f8g0h2j4k6m8"] }], // unknown
      ] as const) {
        const res = await submit(who, answers);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toEqual([{ path: "answers.docs", message: expect.stringContaining("uploaded") }]);
      }
      expect(await db.response.count({ where: { formId: form.id } })).toBe(0);
      expect((await submit(alice, { docs: [mine], cv: [cv] })).status).toBe(201);
      // Attached to that response: not to a second one.
      const again = await submit(alice, { docs: [mine] });
      expect(again.status).toBe(400);
      expect((await submit(alice, { docs: ["not an id"] })).status).toBe(400);
    });

    it("takes the type from the bytes: HTML named .png, SVG and a PNG for a PDF question are refused, nothing stored", async () => {
      const form = await publishedForm(owner, schema);
      const before = (await storage().keys()).length;
      const cases = [
        [filesPath(form.slug, "docs"), html, "cat.png"],
        [filesPath(form.slug, "docs"), svg, "cat.svg"],
        [filesPath(form.slug, "cv"), png(), "cv.pdf"],
        [filesPath(form.slug, "sig"), jpeg, "sig.png"],
      ] as const;
      for (const [path, bytes, fileName] of cases) {
        const res = await upload(server.baseUrl, path, bytes, fileName, cookie());
        expect(res.status, fileName).toBe(415);
        expect(res.body.error.code).toBe("unsupported_media_type");
      }
      expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(0);
      expect((await storage().keys()).length).toBe(before);
      // Plain text has no magic number: text/plain (text/csv by a .csv name).
      const text = await upload(server.baseUrl, filesPath(form.slug, "docs"), Buffer.from("name,score\nada,3\n"), "scores.csv", cookie());
      expect(text.status).toBe(201);
      expect(text.body.file.contentType).toBe("text/csv");
      // Wrong shapes: another field name, a question that takes no files, no such question.
      expect((await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "a.png", cookie(), "other")).status).toBe(400);
      expect((await upload(server.baseUrl, filesPath(form.slug, "note"), png(), "a.png", cookie())).status).toBe(400);
      expect((await upload(server.baseUrl, `/api/public/forms/nope-${randomBytes(4).toString("hex")}/files?question=docs`, png(), "a.png", cookie())).status).toBe(404);
    });

    it("cuts a file off at the question's limit mid-stream (413), keeps nothing, and the server's memory stays flat", async () => {
      const form = await publishedForm(owner, schema);
      const before = await storage().keys();
      const small = await upload(server.baseUrl, filesPath(form.slug, "docs"), pdf(1024 * 1024 + 1), "big.pdf", cookie());
      expect(small.status).toBe(413);
      expect(small.body.error.code).toBe("payload_too_large");
      // 150 MB streamed at a 1 MB question: refused, never buffered.
      const rss0 = rssKb(server.process.pid!);
      const res = await fetch(url(filesPath(form.slug, "docs")), {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...cookie() },
        body: streamedMultipart(150 * 1024 * 1024, Buffer.from("%PDF-1.7\n")),
        duplex: "half",
      } as RequestInit).catch((error: Error) => error);
      if (!(res instanceof Error)) expect(res.status).toBe(413);
      const growthMb = (rssKb(server.process.pid!) - rss0) / 1024;
      expect(growthMb).toBeLessThan(50);
      expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(0);
      expect((await storage().keys()).sort()).toEqual(before.sort());
    });

    it("a no-JavaScript post over its cap while a file is being stored: 413 only after that file's temporary object is gone", async () => {
      const form = await publishedForm(owner, schema);
      const before = await storage().keys();
      // The post's cap is 1 MiB of fields plus each file question's own room (7 MiB + framing here):
      // a 6 MiB part no question takes is drained but counted, so the cap trips inside the CV's
      // 1.9 MB, which its question alone would accept — mid-store, not at the question's limit.
      const cvHead = Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      const parts = [
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="nope"; filename="filler.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        randomBytes(6 * 1024 * 1024),
        cvHead,
        pdf(1.9 * 1024 * 1024),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ];
      const res = await fetch(url(`/s/${form.slug}/submit`), {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...cookie() },
        body: new Blob(parts.map((p) => new Uint8Array(p))),
      }).catch((error: Error) => error);
      if (!(res instanceof Error)) expect(res.status).toBe(413);
      // Answered: nothing of the CV is left, not even its temporary object.
      expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(0);
      expect((await storage().keys()).sort()).toEqual(before.sort());
    });

    it("counts every file of a form against UPLOAD_MAX_FORM_MB", async () => {
      const form = await publishedForm(owner, schema);
      const who = cookie();
      expect((await upload(server.baseUrl, filesPath(form.slug, "cv"), pdf(1.8 * 1024 * 1024), "1.pdf", who)).status).toBe(201);
      expect((await upload(server.baseUrl, filesPath(form.slug, "cv"), pdf(1.8 * 1024 * 1024), "2.pdf", who)).status).toBe(201);
      const over = await upload(server.baseUrl, filesPath(form.slug, "cv"), pdf(1.8 * 1024 * 1024), "3.pdf", who);
      expect(over.status).toBe(413);
      expect(over.body.error.code).toBe("storage_quota_exceeded");
      expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(2);
      // Another form has its own quota.
      const second = await publishedForm(owner, schema);
      expect((await upload(server.baseUrl, filesPath(second.slug, "cv"), pdf(1.8 * 1024 * 1024), "1.pdf", who)).status).toBe(201);
    });

    it("sweeps uploads no response names after the pending age; a partial response keeps its files", async () => {
      const form = await publishedForm(owner, schema);
      const who = cookie();
      const orphan = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "orphan.png", who)).body.file.id;
      const kept = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "kept.png", who)).body.file.id;
      const fresh = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "fresh.png", who)).body.file.id;
      const partial = await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [kept] }, partial: true }, who);
      expect(partial.status).toBe(201);
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await db.storedFile.updateMany({ where: { id: { in: [orphan, kept] } }, data: { createdAt: old } });
      await expect.poll(async () => db.storedFile.count({ where: { id: orphan } }), { timeout: 10_000 }).toBe(0);
      expect(await storage().keys()).not.toContain(`upload/${orphan}`);
      expect(await storage().keys()).toEqual(expect.arrayContaining([`upload/${kept}`, `upload/${fresh}`]));
      // Finishing the partial response later still attaches it.
      const finished = await json("PATCH", `/api/public/forms/${form.slug}/responses/${partial.body.response.id}`, { answers: { note: "done" } }, who);
      expect(finished.status).toBe(200);
      expect((await db.storedFile.findUniqueOrThrow({ where: { id: kept } })).responseId).toBe(partial.body.response.id);
    });

    it("deleting a response or a form removes its files from storage", async () => {
      const form = await publishedForm(owner, schema);
      const who = cookie();
      const a = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "a.png", who)).body.file.id;
      const b = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "b.png", who)).body.file.id;
      const r1 = (await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [a] } }, who)).body.response.id;
      // b belongs to `who`, not to a new respondent.
      expect((await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [b] } }, cookie())).status).toBe(400);
      const r3 = (await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [b] } }, who)).body.response.id;
      const asset = await upload(server.baseUrl, `/api/forms/${form.id}/assets`, png(), "logo.png", auth(owner));
      expect(asset.status).toBe(201);

      expect((await json("DELETE", `/api/forms/${form.id}/responses/${r1}`, undefined, auth(owner))).status).toBe(204);
      expect(await db.storedFile.count({ where: { id: a } })).toBe(0);
      expect(await storage().keys()).not.toContain(`upload/${a}`);
      expect(await storage().keys()).toContain(`upload/${b}`);
      expect((await fetch(url(`/api/forms/${form.id}/responses/${r1}/files/${a}`), { headers: auth(owner) })).status).toBe(404);

      expect((await json("DELETE", `/api/forms/${form.id}`, undefined, auth(owner))).status).toBe(204);
      const keys = await storage().keys();
      expect(keys).not.toContain(`upload/${b}`);
      expect(keys).not.toContain(`asset/${asset.body.asset.id}`);
      expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(0);
      expect(r3).toEqual(expect.any(String));
    });

    it("a crash between a delete's commit and its purge leaves files that a later sweep removes", async () => {
      const form = await publishedForm(owner, schema);
      const who = cookie();
      const id = (await upload(server.baseUrl, filesPath(form.slug, "docs"), png(), "left.png", who)).body.file.id;
      const created = await json("POST", `/api/public/forms/${form.slug}/responses`, { answers: { docs: [id] } }, who);
      expect(created.status).toBe(201);
      // Stored, and from here on only a sweep removes it: the row deleted below is the response's
      // alone. (Checked before that delete, not after: a thorough sweep, every 1.8 s here, may
      // already have run between the delete and a look at the store.)
      expect(await storage().keys()).toContain(`upload/${id}`);
      // The response row goes without the purge that follows a delete (as if the process died in between).
      await db.response.delete({ where: { id: created.body.response.id } });
      await expect.poll(async () => db.storedFile.count({ where: { id } }), { timeout: 15_000 }).toBe(0);
      expect(await storage().keys()).not.toContain(`upload/${id}`);
    });

    it("sweeps assets older than the orphan age that neither the draft nor the live version names", async () => {
      const formId = (await json("POST", "/api/forms", { title: "Assets" }, auth(owner))).body.form.id as string;
      const asset = async (name: string) => (await upload(server.baseUrl, `/api/forms/${formId}/assets`, png(), name, auth(owner))).body.asset.id as string;
      const [inDraft, liveOnly, neverNamed, fresh] = [await asset("draft.png"), await asset("live.png"), await asset("never.png"), await asset("fresh.png")];
      const picture = (pictures: { label: string; image: string }[]) => ({ title: "Assets", questions: [{ key: "pet", type: "picture-choice", title: "Pet", pictures }] });
      expect((await json("PUT", `/api/forms/${formId}/version/draft`, picture([{ label: "Cat", image: liveOnly }]), auth(owner))).status).toBe(200);
      expect((await json("POST", `/api/forms/${formId}/publish`, undefined, auth(owner))).status).toBe(200);
      // The draft moves on: the live version alone names liveOnly now.
      expect((await json("PUT", `/api/forms/${formId}/version/draft`, picture([{ label: "Dog", image: inDraft }]), auth(owner))).status).toBe(200);

      await db.storedFile.updateMany({ where: { id: { in: [inDraft, liveOnly, neverNamed] } }, data: { createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } });
      await expect.poll(async () => db.storedFile.count({ where: { id: neverNamed } }), { timeout: 15_000 }).toBe(0);
      expect(await storage().keys()).not.toContain(`asset/${neverNamed}`);
      // The pass that removed it walked the other old assets too: named ones stay, and so does a fresh one.
      expect((await db.storedFile.findMany({ where: { formId }, select: { id: true } })).map((f) => f.id).sort()).toEqual([inDraft, liveOnly, fresh].sort());
      expect(await storage().keys()).toEqual(expect.arrayContaining([inDraft, liveOnly, fresh].map((id) => `asset/${id}`)));
      expect((await fetch(url(`/api/assets/${liveOnly}`))).status).toBe(200);
    });

    it("form assets: images only, owner-only until the form is published, then public and sandboxed", async () => {
      const created = await json("POST", "/api/forms", { title: "Pictures" }, auth(owner));
      const formId = created.body.form.id as string;
      const asset = await upload(server.baseUrl, `/api/forms/${formId}/assets`, png(), "cat.png", auth(owner));
      expect(asset.status).toBe(201);
      expect(asset.body.asset).toEqual({ id: expect.any(String), url: `/api/assets/${asset.body.asset.id}`, contentType: "image/png", size: png().length });
      expect((await upload(server.baseUrl, `/api/forms/${formId}/assets`, svg, "x.svg", auth(owner))).status).toBe(415);
      expect((await upload(server.baseUrl, `/api/forms/${formId}/assets`, pdf(3000), "x.png", auth(owner))).status).toBe(415);
      expect((await upload(server.baseUrl, `/api/forms/${formId}/assets`, png(), "x.png", auth(other))).status).toBe(404);

      const assetUrl = asset.body.asset.url as string;
      expect((await fetch(url(assetUrl))).status).toBe(404);
      expect((await fetch(url(assetUrl), { headers: auth(other) })).status).toBe(404);
      const mine = await fetch(url(assetUrl), { headers: auth(owner) });
      expect(mine.status).toBe(200);
      expect(Buffer.from(await mine.arrayBuffer())).toEqual(png());

      const draft = {
        title: "Pictures",
        questions: [{ key: "pet", type: "picture-choice", title: "Pet", pictures: [{ label: "Cat", image: asset.body.asset.id }] }],
      };
      expect((await json("PUT", `/api/forms/${formId}/version/draft`, draft, auth(owner))).status).toBe(200);
      const published = await json("POST", `/api/forms/${formId}/publish`, undefined, auth(owner));
      expect(published.status).toBe(200);
      const open = await fetch(url(assetUrl));
      expect(open.status).toBe(200);
      expect(open.headers.get("content-type")).toBe("image/png");
      expect(open.headers.get("content-security-policy")).toBe("sandbox");
      expect(open.headers.get("x-content-type-options")).toBe("nosniff");
      await open.arrayBuffer();
      const answered = await json("POST", `/api/public/forms/${published.body.form.slug}/responses`, { answers: { pet: "Cat" } }, cookie());
      expect(answered.status).toBe(201);
      expect((await json("POST", `/api/public/forms/${published.body.form.slug}/responses`, { answers: { pet: "Dog" } }, cookie())).status).toBe(400);
    });
  });
}
