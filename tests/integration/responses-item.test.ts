import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { submit } from "../helpers/responses";

const schema = {
  questions: [
    { key: "rate", type: "rating", title: "Rate", scaleMin: 1, scaleMax: 3 },
    { key: "note", type: "short-text", title: "Note" },
    { key: "ref", type: "hidden" },
  ],
};

let owner: Owner;
let other: Owner;

beforeAll(async () => {
  [owner, other] = await Promise.all([createOwner(), createOwner()]);
});

const responseCount = async (formId: string) => (await owner.api.get(`/api/forms/${formId}`)).body.form.responseCount as number;

describe("GET /api/forms/:id/responses/:responseId", () => {
  it("returns one response, finished or partial", async () => {
    const form = await publishedForm(owner, schema);
    const id = await submit(form.slug, { rate: 2, note: "Fine", ref: "ad" });
    const res = await owner.readApi.get(`/api/forms/${form.id}/responses/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      id,
      finished: true,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      startedAt: expect.any(String),
      version: 1,
      answers: { rate: 2, note: "Fine" },
      metadata: { ref: "ad" },
      score: null,
      ending: null,
      language: "en",
      spam: { suspected: false, reasons: [] },
    });
    const partial = await submit(form.slug, { note: "half" }, { partial: true });
    const p = await owner.readApi.get(`/api/forms/${form.id}/responses/${partial}`);
    expect(p.body.response).toMatchObject({ id: partial, finished: false, submittedAt: null, answers: { note: "half" } });
  });

  it("answers 404 for an unknown id, another form's response and another owner", async () => {
    const form = await publishedForm(owner, schema);
    const second = await publishedForm(owner, schema);
    const id = await submit(form.slug, { rate: 1 });
    expect((await owner.api.get(`/api/forms/${form.id}/responses/nope`)).status).toBe(404);
    expect((await owner.api.get(`/api/forms/${second.id}/responses/${id}`)).status).toBe(404);
    const res = await other.api.get(`/api/forms/${form.id}/responses/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await request("GET", `/api/forms/${form.id}/responses/${id}`)).status).toBe(401);
  });
});

describe("DELETE /api/forms/:id/responses/:responseId", () => {
  it("deletes a response with its answers: the count drops and it leaves list, search and analytics", async () => {
    const form = await publishedForm(owner, schema);
    const keep = await submit(form.slug, { rate: 1, note: "keep me", ref: "a" });
    const gone = await submit(form.slug, { rate: 3, note: "delete me", ref: "b" });
    expect(await responseCount(form.id)).toBe(2);

    const res = await owner.api.delete(`/api/forms/${form.id}/responses/${gone}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await responseCount(form.id)).toBe(1);
    expect(await db.answer.count({ where: { responseId: gone } })).toBe(0);
    expect(await db.answer.count({ where: { responseId: keep } })).toBe(3);

    const list = await owner.api.get(`/api/forms/${form.id}/responses`);
    expect(list.body.responses.map((r: { id: string }) => r.id)).toEqual([keep]);
    expect(list.body.pagination.total).toBe(1);
    expect((await owner.api.get(`/api/forms/${form.id}/responses?search=delete`)).body.responses).toEqual([]);
    expect((await owner.api.get(`/api/forms/${form.id}/responses/${gone}`)).status).toBe(404);

    const summary = (await owner.api.get(`/api/forms/${form.id}/analytics/summary`)).body;
    expect(summary.totalResponses).toBe(1);
    expect(summary.questions.find((q: { key: string }) => q.key === "rate").summary).toEqual({ avg: 1, count: 1, distribution: { "1": 1, "2": 0, "3": 0 } });
    const trend = (await owner.api.get(`/api/forms/${form.id}/analytics/trend`)).body.days;
    expect(trend[29].count).toBe(1);

    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${gone}`)).status).toBe(404);
  });

  it("deletes a partial response without touching the finished count", async () => {
    const form = await publishedForm(owner, schema);
    await submit(form.slug, { rate: 2 });
    const partial = await submit(form.slug, { note: "half" }, { partial: true });
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${partial}`)).status).toBe(204);
    expect(await responseCount(form.id)).toBe(1);
    expect(await db.response.count({ where: { id: partial } })).toBe(0);
  });

  it("frees a maxResponses slot", async () => {
    const form = await publishedForm(owner, schema, { maxResponses: 1 });
    const first = await submit(form.slug, { rate: 1 });
    const full = await request("POST", `/api/public/forms/${form.slug}/responses`, { answers: { rate: 2 } });
    expect(full.status).toBe(409);
    await owner.api.delete(`/api/forms/${form.id}/responses/${first}`);
    expect(await submit(form.slug, { rate: 3 })).toBeTruthy();
    expect(await responseCount(form.id)).toBe(1);
  });

  it("needs a write key and the owner: read key 403, another owner 404 (and nothing deleted)", async () => {
    const form = await publishedForm(owner, schema);
    const id = await submit(form.slug, { rate: 2 });
    const read = await owner.readApi.delete(`/api/forms/${form.id}/responses/${id}`);
    expect(read.status).toBe(403);
    const foreign = await other.api.delete(`/api/forms/${form.id}/responses/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    expect(await responseCount(form.id)).toBe(1);
    expect((await owner.api.get(`/api/forms/${form.id}/responses/${id}`)).status).toBe(200);
  });
});
