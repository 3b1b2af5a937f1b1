/**
 * Analytics of the file-holding types (file-upload, signature): responses
 * with files, the number of files and their total size, exact, on every path
 * of the summary (the counters unfiltered; the rows under a metadata filter
 * or a score filter), leaving out partial responses, uploads never attached,
 * and deleted responses. On a server of its own with a temporary folder as
 * storage, on the suite's database.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { analyticsSummarySchema } from "@/lib/analytics/summary";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { startServer, type RunningServer } from "../setup/server";
import { pdf, png, upload } from "./files-suite";

const folder = mkdtempSync(path.join(tmpdir(), "formloom-files-analytics-"));
let server: RunningServer;
let previousBase: string | undefined;
let owner: Owner;
let form: { id: string; slug: string };
const ids: Record<string, string> = {};
const SIG = png().length;

const schema = {
  questions: [
    { key: "ref", type: "hidden" },
    { key: "plan", type: "single-choice", title: "Plan", options: ["Basic", "Pro"], scores: { Basic: 1, Pro: 5 } },
    { key: "docs", type: "file-upload", title: "Documents", maxFiles: 3 },
    { key: "sig", type: "signature", title: "Sign here" },
  ],
};

const cookie = () => ({ cookie: `fl_rid=${randomBytes(16).toString("base64url")}` });
const summary = async (query = "") => {
  const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary${query}`);
  expect(res.status, res.text).toBe(200);
  expect(analyticsSummarySchema.safeParse(res.body).error).toBeUndefined();
  return res.body as { totalResponses: number; questions: { key: string; responses: number; summary: unknown }[] };
};
const entry = (body: Awaited<ReturnType<typeof summary>>, key: string) => body.questions.find((q) => q.key === key);

/** Uploads `files` for `docs` (and a signature when `signed`) as one respondent, then submits. */
async function respond(answers: Record<string, unknown>, files: Buffer[], { signed = false, partial = false } = {}) {
  const who = cookie();
  const docs: string[] = [];
  for (const bytes of files) {
    const up = await upload(server.baseUrl, `/api/public/forms/${form.slug}/files?question=docs`, bytes, "doc.pdf", who);
    expect(up.status).toBe(201);
    docs.push(up.body.file.id);
  }
  const sig = signed ? (await upload(server.baseUrl, `/api/public/forms/${form.slug}/files?question=sig`, png(), "signature.png", who)).body.file.id : undefined;
  const body = { answers: { ...answers, ...(docs.length ? { docs } : {}), ...(sig ? { sig } : {}) }, ...(partial ? { partial } : {}) };
  const res = await request("POST", `/api/public/forms/${form.slug}/responses`, body, { headers: who });
  expect(res.status, res.text).toBe(201);
  return res.body.response.id as string;
}

beforeAll(async () => {
  server = await startServer(inject("databaseUrl"), { SUBMISSION_RATE_LIMIT: "0", STORAGE_URL: `file:${folder}` });
  previousBase = process.env.TEST_BASE_URL;
  process.env.TEST_BASE_URL = server.baseUrl;
  owner = await createOwner();
  form = await publishedForm(owner, schema);
  ids.R1 = await respond({ ref: "a", plan: "Pro" }, [pdf(1000), pdf(2000)], { signed: true });
  ids.R2 = await respond({ ref: "b", plan: "Basic" }, [pdf(5000)], { signed: true });
  ids.R3 = await respond({ ref: "a", plan: "Basic" }, [pdf(700)]);
  await respond({ ref: "b", plan: "Basic" }, []);
  // Neither a partial response's files nor an upload no response names count.
  await respond({ ref: "a" }, [pdf(10_000)], { signed: true, partial: true });
  expect((await upload(server.baseUrl, `/api/public/forms/${form.slug}/files?question=docs`, pdf(9999), "orphan.pdf", cookie())).status).toBe(201);
}, 120_000);

afterAll(async () => {
  process.env.TEST_BASE_URL = previousBase;
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("analytics of file questions", () => {
  it("counts responses with files, the files and their bytes (finished responses only)", async () => {
    const body = await summary();
    expect(body.totalResponses).toBe(4);
    expect(entry(body, "docs")).toMatchObject({ responses: 3, summary: { count: 3, files: 4, totalBytes: 8700 } });
    expect(entry(body, "sig")).toMatchObject({ responses: 2, summary: { count: 2, files: 2, totalBytes: 2 * SIG } });
    // The rows (a filter that keeps every finished response) say the same as the counters.
    const viaRows = await summary("?scoreMin=-1000");
    expect(viaRows.totalResponses).toBe(4);
    expect(entry(viaRows, "docs")).toEqual(entry(body, "docs"));
    expect(entry(viaRows, "sig")).toEqual(entry(body, "sig"));
  });

  it("applies the metadata and score filters", async () => {
    const byRef = await summary("?metadata%5Bref%5D=a");
    expect(entry(byRef, "docs")?.summary).toEqual({ count: 2, files: 3, totalBytes: 3700 });
    expect(entry(byRef, "sig")?.summary).toEqual({ count: 1, files: 1, totalBytes: SIG });
    const pro = await summary("?scoreMin=5");
    expect(pro.totalResponses).toBe(1);
    expect(entry(pro, "docs")?.summary).toEqual({ count: 1, files: 2, totalBytes: 3000 });
    const none = await summary("?metadata%5Bref%5D=b&scoreMin=5");
    expect(entry(none, "docs")?.summary).toEqual({ count: 0, files: 0, totalBytes: 0 });
  });

  it("documents files and totalBytes in the OpenAPI document", async () => {
    const doc = (await request("GET", "/api/openapi.json")).body;
    for (const id of ["FileUploadSummary", "SignatureSummary"]) {
      const shape = doc.components.schemas[id].properties.summary;
      expect(shape.required, id).toEqual(expect.arrayContaining(["count", "files", "totalBytes"]));
      expect(shape.properties.totalBytes.type, id).toBe("integer");
    }
  });

  // Last: it changes the fixture.
  it("drops a deleted response's files", async () => {
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${ids.R1}`)).status).toBe(204);
    const body = await summary();
    expect(entry(body, "docs")?.summary).toEqual({ count: 2, files: 2, totalBytes: 5700 });
    expect(entry(body, "sig")?.summary).toEqual({ count: 1, files: 1, totalBytes: SIG });
    expect(entry(await summary("?metadata%5Bref%5D=a"), "docs")?.summary).toEqual({ count: 1, files: 1, totalBytes: 700 });
    expect(entry(await summary("?scoreMin=5"), "docs")?.summary).toEqual({ count: 0, files: 0, totalBytes: 0 });
  });
});
