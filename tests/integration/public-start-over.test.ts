/**
 * "Start over" (DELETE /api/public/forms/:slug/responses/current) over real
 * HTTP: the respondent's unfinished response, its Answer rows and the files
 * they uploaded that no remaining response names go, from the database and
 * from storage; the cookie is cleared. Submitted responses (finished or held
 * as suspected spam) and other respondents' partials stay. On a server of its
 * own (a storage folder the test can look into) and a database of its own.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "@/lib/db/client";
import { client, publishedForm, type Owner } from "../helpers/api";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { pdf, upload } from "./files-suite";

const folder = mkdtempSync(path.join(tmpdir(), "formloom-start-over-"));
let server: RunningServer;
let database: TestDatabase;
let db: Db;
let owner: Pick<Owner, "api">;
let previousBase: string | undefined;

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite", "start-over");
  db = openDatabase(database.url).db;
  server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0", STORAGE_URL: `file:${folder}` });
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

const schema = {
  title: "Start over",
  questions: [
    { key: "name", type: "short-text", title: "Name", required: true },
    { key: "cv", type: "file-upload", title: "CV", accept: [".pdf"], maxFiles: 3 },
  ],
};

/** A browser with a cookie of its own (or none: keyed by IP + user agent). */
function person(cookie = true) {
  const headers: Record<string, string> = { "user-agent": "start-over-test", ...(cookie ? { cookie: `fl_rid=${randomBytes(16).toString("base64url")}` } : {}) };
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(server.baseUrl + url, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    call,
    file: async (slug: string) => {
      const r = await upload(server.baseUrl, `/api/public/forms/${slug}/files?question=cv`, pdf(2048), "cv.pdf", headers);
      expect(r.status).toBe(201);
      return r.body.file.id as string;
    },
  };
}

const objectOf = async (id: string) => {
  const row = await db.storedFile.findUnique({ where: { id }, select: { storageKey: true } });
  return { row: row !== null, object: existsSync(path.join(folder, `upload/${id}`)) };
};

describe("start over", () => {
  it("deletes the respondent's partial, its answers and files, and the cookie; submitted responses and other people's partials stay", async () => {
    const form = await publishedForm(owner, schema);
    const r = (p: string) => `/api/public/forms/${form.slug}/responses${p}`;
    const ada = person();
    const bob = person();

    // Ada submitted once (with a file), then started again: a partial naming a file, and a file not attached yet.
    const submittedFile = await ada.file(form.slug);
    const done = await ada.call("POST", r(""), { answers: { name: "Ada", cv: [submittedFile] } });
    expect(done.status).toBe(201);
    const partialFile = await ada.file(form.slug);
    const partial = await ada.call("POST", r(""), { answers: { name: "Ada again", cv: [partialFile] }, partial: true });
    expect(partial.status).toBe(201);
    const looseFile = await ada.file(form.slug);
    // Bob's partial on the same form, with a file.
    const bobFile = await bob.file(form.slug);
    const bobs = await bob.call("POST", r(""), { answers: { name: "Bob", cv: [bobFile] }, partial: true });
    expect(bobs.status).toBe(201);
    expect((await ada.call("GET", r("/current"))).status).toBe(200);

    const gone = await ada.call("DELETE", r("/current"));
    expect(gone.status).toBe(204);
    expect(gone.headers.get("set-cookie")).toMatch(/^fl_rid=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    expect(gone.headers.get("cache-control")).toBe("no-store");

    expect(await db.response.findUnique({ where: { id: partial.body.response.id } })).toBeNull();
    expect(await db.answer.count({ where: { responseId: partial.body.response.id } })).toBe(0);
    expect(await objectOf(partialFile)).toEqual({ row: false, object: false });
    expect(await objectOf(looseFile)).toEqual({ row: false, object: false });
    // What was submitted stays, file and all.
    expect(await db.response.findUnique({ where: { id: done.body.response.id }, select: { finished: true } })).toEqual({ finished: true });
    expect(await objectOf(submittedFile)).toEqual({ row: true, object: true });
    const listed = await owner.api.get(`/api/forms/${form.id}/responses`);
    expect(listed.body.responses.map((x: { answers: { name: string } }) => x.answers.name)).toEqual(["Ada"]);
    // Bob's partial stays, with its file.
    expect((await bob.call("GET", r("/current"))).body.response).toMatchObject({ id: bobs.body.response.id, answers: { name: "Bob" } });
    expect(await objectOf(bobFile)).toEqual({ row: true, object: true });
    // Nothing to resume any more; a second press changes nothing.
    expect((await ada.call("GET", r("/current"))).status).toBe(404);
    expect((await ada.call("DELETE", r("/current"))).status).toBe(204);
    expect(await objectOf(submittedFile)).toEqual({ row: true, object: true });
  });

  it("never deletes a response held as suspected spam (submitted, not finished)", async () => {
    const form = await publishedForm(owner, schema);
    const r = (p: string) => `/api/public/forms/${form.slug}/responses${p}`;
    const ada = person();
    const file = await ada.file(form.slug);
    const started = await ada.call("POST", r(""), { answers: { name: "Ada", cv: [file] }, partial: true });
    expect(started.status).toBe(201);
    // As a finish held for a too-fast fill leaves it: submitted, not finished, with its reasons.
    const id = started.body.response.id;
    await db.response.update({ where: { id }, data: { submittedAt: new Date(), spamReasons: JSON.stringify(["too_fast"]) } });

    expect((await ada.call("DELETE", r("/current"))).status).toBe(204);
    expect(await db.response.findUnique({ where: { id }, select: { id: true } })).toEqual({ id });
    expect(await objectOf(file)).toEqual({ row: true, object: true });
  });

  it("without the cookie deletes nothing: the IP + user agent fallback is shared", async () => {
    const form = await publishedForm(owner, schema);
    const r = (p: string) => `/api/public/forms/${form.slug}/responses${p}`;
    const someone = person(false);
    const started = await someone.call("POST", r(""), { answers: { name: "Behind the NAT" }, partial: true });
    expect(started.status).toBe(201);
    const other = person(false); // same address and user agent, another person
    expect((await other.call("DELETE", r("/current"))).status).toBe(204);
    expect(await db.response.findUnique({ where: { id: started.body.response.id }, select: { finished: true } })).toEqual({ finished: false });
  });

  it("answers 404 for a form that is not published, and refuses a body", async () => {
    const ada = person();
    const missing = await ada.call("DELETE", "/api/public/forms/no-such-form/responses/current");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    const form = await publishedForm(owner, schema);
    const withBody = await ada.call("DELETE", `/api/public/forms/${form.slug}/responses/current`, { everything: true });
    expect(withBody.status).toBe(400);
    expect(withBody.body.error.code).toBe("validation_failed");
  });
});
