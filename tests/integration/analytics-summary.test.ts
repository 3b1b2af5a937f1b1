import { beforeAll, describe, expect, it } from "vitest";
import { analyticsSummarySchema } from "@/lib/analytics/summary";
import { trendSchema } from "@/lib/analytics/trend";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { backdate, dayString, submit, utcDay, view } from "../helpers/responses";

const schema = {
  questions: [
    { key: "intro", type: "statement", title: "Hello" },
    { key: "name", type: "short-text", title: "Name" },
    { key: "rate", type: "rating", title: "Rate us", scaleMin: 1, scaleMax: 5 },
    { key: "nps", type: "nps", title: "Recommend?" },
    { key: "color", type: "single-choice", title: "Color", options: ["Red", "Green", "Blue"] },
    { key: "tags", type: "multiple-choice", title: "Tags", options: ["a", "b", "c", "d"] },
    { key: "size", type: "dropdown", title: "Size", options: ["S", "M", "L"] },
    { key: "ok", type: "yes-no", title: "OK?" },
    { key: "qty", type: "number", title: "Quantity" },
    { key: "when", type: "date", title: "When" },
    { key: "ref", type: "hidden" },
    { key: "campaign", type: "hidden", title: "Campaign" },
  ],
};

// Hand-computed fixture: R1..R4 finished (R1 10 days ago, R2 3 days ago,
// R3 and R4 today), P1 partial.
const R1 = { name: "Alice", rate: 5, nps: 10, color: "Red", tags: ["a", "b"], size: "M", ok: true, qty: 3, when: "2026-01-01", ref: "twitter", campaign: "spring" };
const R2 = { name: "Bob", rate: 4, nps: 9, color: "Red", tags: ["b"], ok: false, qty: 10, ref: "twitter", campaign: "fall" };
const R3 = { name: "carol", rate: 1, nps: 3, color: "Blue", tags: ["a", "b", "c"], size: "L", ok: true, qty: -2, ref: "news" };
const R4 = { name: "Dave", rate: 4, nps: 7, color: "Green", ok: true, ref: "twitter", campaign: "spring" };

let owner: Owner;
let form: { id: string; slug: string };
const ids: Record<string, string> = {};

const summary = (query = "") => owner.readApi.get(`/api/forms/${form.id}/analytics/summary${query}`);
const question = (body: { questions: { key: string }[] }, key: string) => body.questions.find((q) => q.key === key) as any;

beforeAll(async () => {
  owner = await createOwner();
  form = await publishedForm(owner, schema);
  for (const [name, answers] of Object.entries({ R1, R2, R3, R4 })) ids[name] = await submit(form.slug, answers);
  ids.P1 = await submit(form.slug, { name: "Eve", rate: 2, ref: "twitter" }, { partial: true });
  await backdate(ids.R1, utcDay(-10, 1000));
  await backdate(ids.R2, utcDay(-3, 1000));
  await backdate(ids.R3, utcDay(0, 1000));
  await backdate(ids.R4, utcDay(0, 2000));
});

describe("GET /api/forms/:id/analytics/summary", () => {
  it("counts totals: all, today (UTC) and the 7 days ending today", async () => {
    const res = await summary();
    expect(res.status).toBe(200);
    expect(analyticsSummarySchema.safeParse(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ formId: form.id, totalResponses: 4, todayResponses: 2, weekResponses: 3 });
  });

  it("lists every question but statements, in form order, with its title and type", async () => {
    const { body } = await summary();
    expect(body.questions.map((q: { key: string; title: string; type: string }) => [q.key, q.title, q.type])).toEqual([
      ["name", "Name", "short-text"],
      ["rate", "Rate us", "rating"],
      ["nps", "Recommend?", "nps"],
      ["color", "Color", "single-choice"],
      ["tags", "Tags", "multiple-choice"],
      ["size", "Size", "dropdown"],
      ["ok", "OK?", "yes-no"],
      ["qty", "Quantity", "number"],
      ["when", "When", "date"],
      ["ref", "ref", "hidden"],
      ["campaign", "Campaign", "hidden"],
    ]);
  });

  it("summarises rating and nps with every scale value (zeros included)", async () => {
    const { body } = await summary();
    expect(question(body, "rate")).toMatchObject({ responses: 4, summary: { avg: 3.5, count: 4, distribution: { "1": 1, "2": 0, "3": 0, "4": 2, "5": 1 } } });
    expect(question(body, "nps")).toMatchObject({
      responses: 4,
      summary: {
        avg: 7.25,
        count: 4,
        promoters: 2,
        passives: 1,
        detractors: 1,
        score: 25,
        distribution: { "0": 0, "1": 0, "2": 0, "3": 1, "4": 0, "5": 0, "6": 0, "7": 1, "8": 0, "9": 1, "10": 1 },
      },
    });
  });

  it("counts choices per option (every option), picks for multiple-choice, yes/no", async () => {
    const { body } = await summary();
    expect(question(body, "color")).toMatchObject({ responses: 4, summary: { count: 4, options: { Red: 2, Green: 1, Blue: 1 } } });
    expect(question(body, "tags")).toMatchObject({ responses: 3, summary: { count: 3, options: { a: 2, b: 3, c: 1, d: 0 } } });
    expect(question(body, "size")).toMatchObject({ responses: 2, summary: { count: 2, options: { S: 0, M: 1, L: 1 } } });
    expect(question(body, "ok")).toMatchObject({ responses: 4, summary: { count: 4, yes: 3, no: 1 } });
  });

  it("gives number avg (2 decimals), min, max and count", async () => {
    const { body } = await summary();
    expect(question(body, "qty")).toMatchObject({ responses: 3, summary: { count: 3, avg: 3.67, min: -2, max: 10 } });
  });

  it("gives text and date questions a count and the latest answers, newest first", async () => {
    const { body } = await summary();
    expect(question(body, "name")).toMatchObject({
      responses: 4,
      summary: {
        count: 4,
        latest: [
          { value: "Dave", submittedAt: utcDay(0, 2000).toISOString() },
          { value: "carol", submittedAt: utcDay(0, 1000).toISOString() },
          { value: "Bob", submittedAt: utcDay(-3, 1000).toISOString() },
          { value: "Alice", submittedAt: utcDay(-10, 1000).toISOString() },
        ],
      },
    });
    expect(question(body, "when")).toMatchObject({ responses: 1, summary: { count: 1, latest: [{ value: "2026-01-01" }] } });
  });

  it("gives hidden questions their most frequent values", async () => {
    const { body } = await summary();
    expect(question(body, "ref")).toMatchObject({ responses: 4, summary: { count: 4, top: [{ value: "twitter", count: 3 }, { value: "news", count: 1 }] } });
    expect(question(body, "campaign")).toMatchObject({ responses: 3, summary: { count: 3, top: [{ value: "spring", count: 2 }, { value: "fall", count: 1 }] } });
  });

  it("applies metadata filters before aggregating", async () => {
    const { body } = await summary("?metadata[ref]=twitter");
    expect(body).toMatchObject({ totalResponses: 3, todayResponses: 1, weekResponses: 2 });
    expect(question(body, "rate").summary).toEqual({ avg: 4.33, count: 3, distribution: { "1": 0, "2": 0, "3": 0, "4": 2, "5": 1 } });
    expect(question(body, "nps").summary).toMatchObject({ promoters: 2, passives: 1, detractors: 0, score: 67 });
    expect(question(body, "color").summary.options).toEqual({ Red: 2, Green: 1, Blue: 0 });
    expect(question(body, "tags")).toMatchObject({ responses: 2, summary: { options: { a: 1, b: 2, c: 0, d: 0 } } });
    expect(question(body, "qty").summary).toEqual({ count: 2, avg: 6.5, min: 3, max: 10 });
    expect(question(body, "name").summary.latest.map((l: { value: string }) => l.value)).toEqual(["Dave", "Bob", "Alice"]);
    // finished ÷ started among matching responses (P1 is a partial twitter one): 3 / 4.
    expect(body.completionRate).toBe(0.75);

    const both = await summary("?metadata[ref]=twitter&metadata[campaign]=spring");
    expect(both.body).toMatchObject({ totalResponses: 2, todayResponses: 1, weekResponses: 1, completionRate: 1 });
    expect(question(both.body, "rate").summary).toMatchObject({ avg: 4.5, count: 2 });
    const none = await summary("?metadata[ref]=nobody");
    expect(none.body).toMatchObject({ totalResponses: 0, todayResponses: 0, weekResponses: 0, completionRate: 0 });
    expect(question(none.body, "rate").summary).toEqual({ avg: 0, count: 0, distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } });
    expect(question(none.body, "qty").summary).toEqual({ count: 0, avg: null, min: null, max: null });
  });

  it("answers unknown metadata keys and unknown parameters with 400", async () => {
    for (const query of ["?metadata[name]=Bob", "?from=2026-01-01", "?metadata[ref]="]) {
      const res = await summary(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("invalid_query");
    }
  });
});

describe("completionRate", () => {
  it("is finished ÷ max(views, started): started wins without views, views win when more", async () => {
    const f = await publishedForm(owner, { questions: [{ key: "q", type: "short-text", title: "Q" }] });
    const rate = async () => (await owner.api.get(`/api/forms/${f.id}/analytics/summary`)).body.completionRate;
    expect(await rate()).toBe(0);
    await submit(f.slug, { q: "x" }, { partial: true });
    expect(await rate()).toBe(0);
    await submit(f.slug, { q: "y" });
    await submit(f.slug, { q: "z" });
    expect(await rate()).toBe(0.6667); // 2 finished ÷ 3 started, no views
    for (let i = 0; i < 5; i++) await view(f.slug);
    expect(await rate()).toBe(0.4); // 2 ÷ 5 views
  });
});

describe("GET /api/forms/:id/analytics/trend", () => {
  it("gives the 30 UTC days ending today, oldest first, zeros included", async () => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/trend`);
    expect(res.status).toBe(200);
    expect(trendSchema.safeParse(res.body).error).toBeUndefined();
    expect(res.body.formId).toBe(form.id);
    const days = res.body.days as { date: string; count: number }[];
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe(dayString(utcDay(-29)));
    expect(days[29].date).toBe(dayString(utcDay(0)));
    const expected = new Map([[dayString(utcDay(-10)), 1], [dayString(utcDay(-3)), 1], [dayString(utcDay(0)), 2]]);
    expect(days).toEqual(days.map((d) => ({ date: d.date, count: expected.get(d.date) ?? 0 })));
    expect(new Set(days.map((d) => d.date)).size).toBe(30);
  });

  it("leaves out days before the window and applies metadata filters", async () => {
    const old = await submit(form.slug, { name: "Old", ref: "twitter" });
    await backdate(old, utcDay(-30, 5000));
    const edge = await submit(form.slug, { name: "Edge", ref: "news" });
    await backdate(edge, utcDay(-29));
    const all = (await owner.api.get(`/api/forms/${form.id}/analytics/trend`)).body.days;
    expect(all[0]).toEqual({ date: dayString(utcDay(-29)), count: 1 });
    expect(all.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(5);
    const twitter = (await owner.api.get(`/api/forms/${form.id}/analytics/trend?metadata[ref]=twitter`)).body.days;
    expect(twitter.filter((d: { count: number }) => d.count > 0)).toEqual([
      { date: dayString(utcDay(-10)), count: 1 },
      { date: dayString(utcDay(-3)), count: 1 },
      { date: dayString(utcDay(0)), count: 1 },
    ]);
    await Promise.all([old, edge].map((id) => owner.api.delete(`/api/forms/${form.id}/responses/${id}`)));
  });

  it("refuses query parameters other than metadata filters", async () => {
    const res = await owner.api.get(`/api/forms/${form.id}/analytics/trend?days=7`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
  });
});

describe("analytics across owners", () => {
  it("answers 404 for another owner's form on summary and trend, 401 without a key", async () => {
    const other = await createOwner();
    for (const path of ["summary", "trend"]) {
      const res = await other.api.get(`/api/forms/${form.id}/analytics/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect((await request("GET", `/api/forms/${form.id}/analytics/${path}`)).status).toBe(401);
    }
  });
});
