import { beforeAll, describe, expect, it } from "vitest";
import { responseListSchema } from "@/lib/responses/list";
import { createOwner, publishedForm, type Owner } from "../helpers/api";
import { backdate, dayString, submit, utcDay } from "../helpers/responses";

const schema = {
  questions: [
    { key: "text", type: "short-text", title: "Say something" },
    { key: "pick", type: "multiple-choice", title: "Pick", options: ["Alpha", "Beta"] },
    { key: "ref", type: "hidden" },
    { key: "src", type: "hidden" },
  ],
};

let owner: Owner;
let other: Owner;
let form: { id: string; slug: string };
/** Seeded responses, oldest first: ids[i] was submitted on day i - 6 (today = 6). */
const ids: string[] = [];
const texts = ["Hello World", "good MORNING", "100% sure", "under_score", "plain", "Ωmega ümlaut", "latest one"];

const list = (query = "") => owner.readApi.get(`/api/forms/${form.id}/responses${query}`);
const idsOf = (res: { body: { responses: { id: string }[] } }) => res.body.responses.map((r) => r.id);

beforeAll(async () => {
  [owner, other] = await Promise.all([createOwner(), createOwner()]);
  form = await publishedForm(owner, schema);
  for (let i = 0; i < texts.length; i++) {
    const answers: Record<string, unknown> = { text: texts[i], ref: i % 2 ? "odd" : "even", src: i < 3 ? "mail" : "web" };
    if (i === 0) answers.pick = ["Alpha", "Beta"];
    ids.push(await submit(form.slug, answers));
  }
  // Day i - 6; the first of the range boundaries sit at the very edges of their days.
  for (let i = 0; i < ids.length; i++) await backdate(ids[i], utcDay(i - 6, i === 2 ? 0 : i === 4 ? 86_399_999 : 12 * 3600_000));
});

describe("GET /api/forms/:id/responses", () => {
  it("lists finished responses newest first with the pagination block", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(responseListSchema.safeParse(res.body).success).toBe(true);
    expect(idsOf(res)).toEqual([...ids].reverse());
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 7, totalPages: 1 });
    const first = res.body.responses[6];
    expect(first).toEqual({
      id: ids[0],
      finished: true,
      submittedAt: utcDay(-6, 12 * 3600_000).toISOString(),
      startedAt: expect.any(String),
      version: 1,
      answers: { text: "Hello World", pick: ["Alpha", "Beta"] },
      metadata: { ref: "even", src: "mail" },
      score: null,
      ending: null,
      language: "en",
      spam: { suspected: false, reasons: [] },
    });
  });

  it("pages with limit and page: total and totalPages, a short last page, an empty page past the end", async () => {
    const p1 = await list("?limit=3");
    expect(p1.body.pagination).toEqual({ page: 1, limit: 3, total: 7, totalPages: 3 });
    expect(idsOf(p1)).toEqual([ids[6], ids[5], ids[4]]);
    const p3 = await list("?limit=3&page=3");
    expect(idsOf(p3)).toEqual([ids[0]]);
    const p4 = await list("?limit=3&page=4");
    expect(p4.status).toBe(200);
    expect(p4.body.responses).toEqual([]);
    expect(p4.body.pagination).toEqual({ page: 4, limit: 3, total: 7, totalPages: 3 });
    expect((await list("?limit=50")).body.pagination.limit).toBe(50);
  });

  it("breaks submittedAt ties by id, newest id first", async () => {
    const tieForm = await publishedForm(owner, schema);
    const a = await submit(tieForm.slug, { text: "a" });
    const b = await submit(tieForm.slug, { text: "b" });
    const at = utcDay(-1);
    await backdate(a, at);
    await backdate(b, at);
    const res = await owner.api.get(`/api/forms/${tieForm.id}/responses`);
    expect(idsOf(res)).toEqual([a, b].sort().reverse());
  });

  it.each([
    ["?limit=51", "limit"],
    ["?limit=0", "limit"],
    ["?limit=2.5", "limit"],
    ["?limit=abc", "limit"],
    ["?page=0", "page"],
    ["?page=-1", "page"],
    ["?from=2026-13-01", "from"],
    ["?to=yesterday", "to"],
    ["?from=2026-02-01T10:00:00", "from"],
    ["?search=", "search"],
    ["?search=" + "x".repeat(201), "search"],
    ["?limit=5&limit=6", "limit"],
    ["?sort=asc", "sort"],
    ["?metadata=x", "metadata"],
  ])("answers %s with 400 invalid_query naming %s", async (query, path) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
    expect(res.body.error.details.map((d: { path: string }) => d.path).join(" ")).toContain(path);
  });

  it("filters from/to by inclusive UTC days", async () => {
    // Day -4 starts exactly at ids[2]; day -2 ends exactly at ids[4].
    const res = await list(`?from=${dayString(utcDay(-4))}&to=${dayString(utcDay(-2))}`);
    expect(idsOf(res)).toEqual([ids[4], ids[3], ids[2]]);
    expect(res.body.pagination.total).toBe(3);
    const oneDay = await list(`?from=${dayString(utcDay(-4))}&to=${dayString(utcDay(-4))}`);
    expect(idsOf(oneDay)).toEqual([ids[2]]);
    expect(idsOf(await list(`?from=${dayString(utcDay(-1))}`))).toEqual([ids[6], ids[5]]);
    expect(idsOf(await list(`?to=${dayString(utcDay(-5))}`))).toEqual([ids[1], ids[0]]);
  });

  it("takes date-times as exact inclusive instants", async () => {
    const edge = utcDay(-2, 86_399_999).toISOString();
    expect(idsOf(await list(`?to=${edge}&from=${edge}`))).toEqual([ids[4]]);
    const justAfter = utcDay(-2, 86_399_999 + 1).toISOString();
    expect(idsOf(await list(`?from=${encodeURIComponent(justAfter)}`))).toEqual([ids[6], ids[5]]);
    const offset = "+02:00";
    const local = new Date(utcDay(-4).getTime() + 2 * 3600_000).toISOString().slice(0, 19) + offset; // = day -4 00:00Z
    expect(idsOf(await list(`?from=${encodeURIComponent(local)}&to=${dayString(utcDay(-4))}`))).toEqual([ids[2]]);
  });

  it("refuses from after to with 400", async () => {
    const res = await list(`?from=${dayString(utcDay(-1))}&to=${dayString(utcDay(-2))}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
  });

  it("searches answer text as a case-insensitive substring", async () => {
    expect(idsOf(await list("?search=WORLD"))).toEqual([ids[0]]);
    expect(idsOf(await list("?search=od%20mor"))).toEqual([ids[1]]);
    expect(idsOf(await list("?search=%C3%9CMLAUT"))).toEqual([ids[5]]); // ÜMLAUT
    expect(idsOf(await list("?search=beta"))).toEqual([ids[0]]); // a multiple-choice pick
    const res = await list("?search=nothing-like-this");
    expect(res.body).toEqual({ responses: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it("pages a search with its exact total (page, last page, past the end)", async () => {
    const searched = await publishedForm(owner, schema);
    const found: string[] = [];
    for (const [i, text] of ["a common word", "plain", "Common ground", "uncommonly good"].entries()) {
      const id = await submit(searched.slug, { text });
      // Distinct instants, the first submitted made the newest: the order is the backdated one.
      await backdate(id, utcDay(-1, (9 - i) * 1000));
      if (text.toLowerCase().includes("common")) found.push(id);
    }
    const page = (n: number) => owner.readApi.get(`/api/forms/${searched.id}/responses?search=COMMON&limit=2&page=${n}`);
    const newestFirst = found;
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
    expect(idsOf(p1)).toEqual(newestFirst.slice(0, 2));
    expect(idsOf(p2)).toEqual(newestFirst.slice(2));
    expect(idsOf(p3)).toEqual([]);
    for (const [n, res] of [p1, p2, p3].entries()) expect(res.body.pagination).toEqual({ page: n + 1, limit: 2, total: 3, totalPages: 2 });
  });

  it("searches short terms and treats % and _ literally", async () => {
    expect(idsOf(await list("?search=%25"))).toEqual([ids[2]]);
    expect(idsOf(await list("?search=_"))).toEqual([ids[3]]);
    expect(idsOf(await list("?search=0%25%20s"))).toEqual([ids[2]]);
    expect(idsOf(await list("?search=r_s"))).toEqual([ids[3]]);
    expect(idsOf(await list("?search=Ω"))).toEqual([ids[5]]);
  });

  it("does not find hidden (metadata) values by search", async () => {
    expect(idsOf(await list("?search=mail"))).toEqual([]);
    expect(idsOf(await list("?search=odd"))).toEqual([]);
  });

  it("filters by metadata exactly, several keys AND together, with the other filters", async () => {
    expect(idsOf(await list("?metadata[ref]=odd"))).toEqual([ids[5], ids[3], ids[1]]);
    expect((await list("?metadata[ref]=odd")).body.pagination.total).toBe(3);
    expect(idsOf(await list("?metadata[ref]=od"))).toEqual([]);
    expect(idsOf(await list("?metadata[ref]=odd&metadata[src]=mail"))).toEqual([ids[1]]);
    expect(idsOf(await list(`?metadata[src]=web&from=${dayString(utcDay(-2))}&search=l`))).toEqual([ids[6], ids[5], ids[4]]);
    const paged = await list("?metadata[src]=web&limit=3&page=2");
    expect(idsOf(paged)).toEqual([ids[3]]);
    expect(paged.body.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
  });

  it("totals one metadata filter exactly: finished responses only, a deleted one gone, a key that was not always hidden counted from its rows", async () => {
    const f = await publishedForm(owner, { questions: [{ key: "text", type: "short-text", title: "T" }, { key: "ref", type: "hidden" }] });
    const total = async (id: string, query: string) => (await owner.readApi.get(`/api/forms/${id}/responses${query}`)).body.pagination.total;
    await submit(f.slug, { text: "half", ref: "x" }, { partial: true });
    const [a] = [await submit(f.slug, { text: "a", ref: "x" }), await submit(f.slug, { text: "b", ref: "x" }), await submit(f.slug, { text: "c", ref: "y" })];
    expect(await total(f.id, "?metadata[ref]=x")).toBe(2);
    expect(await total(f.id, "?metadata[ref]=z")).toBe(0);
    expect((await owner.api.delete(`/api/forms/${f.id}/responses/${a}`)).status).toBe(204);
    expect(await total(f.id, "?metadata[ref]=x")).toBe(1);

    // "text" was a short-text question, then a hidden one: its earlier answers match the filter too.
    const draft = await owner.api.put(`/api/forms/${f.id}/version/draft`, { title: "Test form", questions: [{ key: "note", type: "short-text", title: "N" }, { key: "text", type: "hidden" }, { key: "ref", type: "hidden" }] });
    expect(draft.status, draft.text).toBe(200);
    const published = await owner.api.post(`/api/forms/${f.id}/publish`);
    expect(published.status, published.text).toBe(200);
    await submit(f.slug, { text: "b", ref: "y" });
    expect(await total(f.id, "?metadata[text]=b")).toBe(2);
    expect(idsOf(await owner.readApi.get(`/api/forms/${f.id}/responses?metadata[text]=b`))).toHaveLength(2);
  });

  it("answers an unknown metadata key with 400 naming it", async () => {
    const res = await list("?metadata[nope]=x&metadata[ref]=odd");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
    expect(res.body.error.message).toContain("nope");
    expect(res.body.error.details).toEqual([{ path: "metadata.nope", message: expect.any(String) }]);
    // A non-hidden question is not metadata either.
    expect((await list("?metadata[text]=plain")).status).toBe(400);
  });

  it("leaves partial responses out", async () => {
    const partialForm = await publishedForm(owner, schema);
    await submit(partialForm.slug, { text: "half" }, { partial: true });
    const done = await submit(partialForm.slug, { text: "whole" });
    const res = await owner.api.get(`/api/forms/${partialForm.id}/responses`);
    expect(idsOf(res)).toEqual([done]);
    expect(res.body.pagination.total).toBe(1);
    expect(idsOf(await owner.api.get(`/api/forms/${partialForm.id}/responses?search=half`))).toEqual([]);
  });

  it("answers 404 for another owner's form, 401 without a key", async () => {
    const res = await other.api.get(`/api/forms/${form.id}/responses`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await other.api.get(`/api/forms/no-such-form/responses`)).status).toBe(404);
    const anonymous = await fetch(`${process.env.TEST_BASE_URL}/api/forms/${form.id}/responses`);
    expect(anonymous.status).toBe(401);
  });
});
