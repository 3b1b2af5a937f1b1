/**
 * U+0000 in request text (found by tests/integration/fuzz.test.ts on
 * PostgreSQL, whose text type cannot hold it: every lookup by such an id
 * answered 500). Refused with a 400 on both databases, before any query, and
 * nothing is written.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";

let owner: Owner;
let form: { id: string; slug: string };
beforeAll(async () => {
  owner = await createOwner();
  form = await publishedForm(owner, { questions: [{ key: "name", type: "short-text", title: "Name" }, { key: "src", type: "hidden" }] });
});

const expectRefused = (res: { status: number; body: any }, code: string, path: string) => {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.details).toEqual([{ path, message: "Text cannot contain the NUL character (U+0000)" }]);
};

describe("U+0000 in a request", () => {
  it("in a path parameter: 400 for every owner operation reaching the database by id", async () => {
    expectRefused(await owner.api.get("/api/forms/%00"), "validation_failed", "id");
    expectRefused(await owner.api.get(`/api/forms/${form.id}/responses/a%00b`), "validation_failed", "responseId");
    expectRefused(await owner.api.delete("/api/forms/x%00"), "validation_failed", "id");
    expectRefused(await owner.api.get("/api/public/forms/%00"), "validation_failed", "slug");
    expectRefused(await request("POST", "/api/public/forms/%00/views"), "validation_failed", "slug");
  });

  it("in a query value or a bracketed key", async () => {
    expectRefused(await owner.api.get(`/api/forms/${form.id}/responses?search=a%00b`), "invalid_query", "search");
    expectRefused(await owner.api.get(`/api/forms/${form.id}/analytics/summary?metadata[src]=%00`), "invalid_query", "metadata.src");
  });

  it("in a JSON body, as a value or a key: nothing is written", async () => {
    const before = (await owner.api.get("/api/forms")).body.forms.length;
    expectRefused(await owner.api.post("/api/forms", { title: "a\u0000b" }), "validation_failed", "title");
    expect((await owner.api.get("/api/forms")).body.forms.length).toBe(before);
    const submit = (answers: Record<string, unknown>) => request("POST", `/api/public/forms/${form.slug}/responses`, { answers });
    expectRefused(await submit({ name: "Ada\u0000" }), "validation_failed", "answers.name");
    expectRefused(await submit({ src: "\u0000" }), "validation_failed", "answers.src");
    expectRefused(await submit({ "na\u0000me": "Ada" }), "validation_failed", "answers.na\\0me");
    expect((await owner.api.get(`/api/forms/${form.id}/responses`)).body.pagination.total).toBe(0);
  });

  it("is looked for without recursion: a body nested 20,000 deep is a 400, not a 500", async () => {
    const deep = "[{\"a\":".repeat(20_000) + "\"x\\u0000\"" + "}]".repeat(20_000);
    const res = await owner.api.post("/api/forms", undefined, { raw: deep, headers: { "content-type": "application/json" } });
    // Refused as NUL text, or earlier by the body reader; never a 500.
    expect(res.status).toBe(400);
    expect(["validation_failed", "invalid_json"]).toContain(res.body.error.code);
  });

  it("in the public page's slug and its plain form post", async () => {
    expect((await request("GET", "/s/%00")).status).toBe(404);
    const post = await request("POST", `/s/${form.slug}/submit`, undefined, {
      raw: new URLSearchParams([["name", "Ada\u0000"]]).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(400);
    expect(post.text).toContain("NUL");
    expect((await owner.api.get(`/api/forms/${form.id}/responses`)).body.pagination.total).toBe(0);
  });
});
