/**
 * The unfiltered summary reads running counters (lib/analytics/answer-stats.ts)
 * kept by the write path. These tests fail if a counter drifts: after
 * submissions, partial finishes, deletes and concurrent submissions, the
 * summary equals (1) values computed by hand from what was submitted, (2) the
 * summary computed from the Answer rows (a metadata filter that matches every
 * response takes that path), and the counter table equals (3) the counters
 * recomputed from the Answer rows by SQL (GROUP BY).
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { answerStatsQuery } from "@/lib/analytics/answer-stats";
import { db, provider } from "@/lib/db/client";
import { createOwner, publishedForm, type Owner } from "../helpers/api";
import { respondent, responsesPath } from "./public-helpers";

const schema = {
  questions: [
    { key: "stars", type: "rating", title: "Stars", scaleMin: 1, scaleMax: 5 },
    { key: "nps", type: "nps", title: "NPS" },
    { key: "plan", type: "single-choice", title: "Plan", options: ["Free", "Pro"] },
    { key: "tags", type: "multiple-choice", title: "Tags", options: ["a", "b", "c"] },
    { key: "ok", type: "yes-no", title: "OK?" },
    { key: "qty", type: "number", title: "Quantity" },
    { key: "note", type: "short-text", title: "Note" },
    { key: "src", type: "hidden" },
    { key: "all", type: "hidden" },
  ],
};

type Answers = Record<string, unknown>;

let owner: Owner;
let form: { id: string; slug: string };
/** What is stored and finished right now, by response id: the model the expectations are computed from. */
const live = new Map<string, Answers>();

const summary = async (query = "") => {
  const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const byKey = (body: { questions: { key: string }[] }) => Object.fromEntries(body.questions.map((q) => [q.key, q])) as Record<string, any>;

async function submitFinished(answers: Answers): Promise<string> {
  const res = await respondent().post(responsesPath(form.slug), { answers: { ...answers, all: "yes" } });
  expect(res.status, res.text).toBe(201);
  live.set(res.body.response.id, answers);
  return res.body.response.id;
}

async function deleteResponse(id: string) {
  expect((await owner.api.delete(`/api/forms/${form.id}/responses/${id}`)).status).toBe(204);
  live.delete(id);
}

/** The summary of the live responses, computed here from what was submitted. */
function expected() {
  const all = [...live.values()];
  const answered = (key: string) => all.filter((a) => a[key] !== undefined);
  const dist = (key: string, values: number[]) => Object.fromEntries(values.map((v) => [String(v), answered(key).filter((a) => a[key] === v).length]));
  const nums = answered("qty").map((a) => a.qty as number);
  const srcCounts = new Map<string, number>();
  for (const a of answered("src")) srcCounts.set(a.src as string, (srcCounts.get(a.src as string) ?? 0) + 1);
  return {
    stars: { count: answered("stars").length, distribution: dist("stars", [1, 2, 3, 4, 5]) },
    nps: { count: answered("nps").length, distribution: dist("nps", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) },
    plan: { count: answered("plan").length, options: { Free: answered("plan").filter((a) => a.plan === "Free").length, Pro: answered("plan").filter((a) => a.plan === "Pro").length } },
    tags: {
      count: answered("tags").length,
      options: Object.fromEntries(["a", "b", "c"].map((o) => [o, answered("tags").filter((a) => (a.tags as string[]).includes(o)).length])),
    },
    ok: { count: answered("ok").length, yes: answered("ok").filter((a) => a.ok === true).length, no: answered("ok").filter((a) => a.ok === false).length },
    qty: nums.length
      ? { count: nums.length, avg: Math.round((nums.reduce((s, n) => s + n, 0) / nums.length) * 100) / 100, min: Math.min(...nums), max: Math.max(...nums) }
      : { count: 0, avg: null, min: null, max: null },
    note: { count: answered("note").length },
    src: { count: answered("src").length, top: [...srcCounts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([value, count]) => ({ value, count })) },
  };
}

/** The three checks of the module comment. */
async function expectExactCounters() {
  const counted = await summary();
  const raw = await summary("?metadata[all]=yes");
  expect(counted.totalResponses).toBe(live.size);
  expect(counted.questions).toEqual(raw.questions);
  const q = byKey(counted);
  const want = expected();
  expect(q.stars.summary).toMatchObject(want.stars);
  expect(q.nps.summary).toMatchObject(want.nps);
  expect(q.plan.summary).toEqual(want.plan);
  expect(q.tags.summary).toEqual(want.tags);
  expect(q.ok.summary).toEqual(want.ok);
  expect(q.qty.summary).toEqual(want.qty);
  expect(q.note.summary.count).toBe(want.note.count);
  expect(q.src.summary).toEqual(want.src);

  type Stat = { questionKey: string; bucket: string; count: number | bigint; sum: number };
  const normalise = (rows: Stat[]) =>
    rows
      .map((r) => ({ key: `${r.questionKey} ${r.bucket}`, count: Number(r.count), sum: Math.round(Number(r.sum) * 1e6) / 1e6 }))
      .filter((r) => r.count !== 0)
      .sort((x, y) => (x.key < y.key ? -1 : 1));
  const stored = await db.$queryRaw<Stat[]>`SELECT "questionKey", "bucket", SUM("count") AS "count", SUM("sum") AS "sum" FROM "AnswerStat" WHERE "formId" = ${form.id} GROUP BY "questionKey", "bucket"`;
  const recomputed = await db.$queryRawUnsafe<Stat[]>(answerStatsQuery(provider, form.id));
  expect(normalise(stored)).toEqual(normalise(recomputed));
}

beforeAll(async () => {
  owner = await createOwner();
  form = await publishedForm(owner, schema);
});

describe("analytics counters", () => {
  it("start empty and follow submissions", async () => {
    await expectExactCounters();
    await submitFinished({ stars: 5, nps: 10, plan: "Pro", tags: ["a", "b"], ok: true, qty: 2.5, note: "hi", src: "mail" });
    await submitFinished({ stars: 3, nps: 6, plan: "Free", tags: ["b"], ok: false, qty: -1, src: "ads" });
    await submitFinished({ stars: 5, tags: ["a", "b", "c"], qty: 10, note: "yo", src: "mail" });
    await submitFinished({ nps: 0 });
    await expectExactCounters();
    // Hand-computed for the four above.
    const q = byKey(await summary());
    expect(q.stars.summary).toMatchObject({ count: 3, avg: 4.33, distribution: { "1": 0, "2": 0, "3": 1, "4": 0, "5": 2 } });
    expect(q.tags.summary).toEqual({ count: 3, options: { a: 2, b: 3, c: 1 } });
    expect(q.qty.summary).toEqual({ count: 3, avg: 3.83, min: -1, max: 10 });
    expect(q.src.summary).toEqual({ count: 3, top: [{ value: "mail", count: 2 }, { value: "ads", count: 1 }] });
  });

  it("count a partial response only when it is finished, with its final answers", async () => {
    const person = respondent();
    const started = await person.post(responsesPath(form.slug), { answers: { stars: 1, plan: "Free", all: "yes" }, partial: true });
    expect(started.status).toBe(201);
    const id = started.body.response.id as string;
    await expectExactCounters(); // unfinished: not counted
    const updated = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { stars: 2, tags: ["c"] }, partial: true });
    expect(updated.status).toBe(200);
    await expectExactCounters();
    const finished = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { qty: 100, plan: null } });
    expect(finished.status, finished.text).toBe(200);
    live.set(id, { stars: 2, tags: ["c"], qty: 100 });
    await expectExactCounters();
    // A resent finishing PATCH (answered 200 again) must not count it twice.
    expect((await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { qty: 100, plan: null } })).status).toBe(200);
    await expectExactCounters();
    expect(byKey(await summary()).qty.summary.max).toBe(100);
  });

  it("take a deleted finished response away, and leave them alone for a deleted partial one", async () => {
    const [first] = live.keys();
    await deleteResponse(first);
    await expectExactCounters();
    const partial = await respondent().post(responsesPath(form.slug), { answers: { stars: 4, all: "yes" }, partial: true });
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${partial.body.response.id}`)).status).toBe(204);
    await expectExactCounters();
    // The max is gone with its response: read from the remaining rows.
    const maxId = [...live].find(([, a]) => a.qty === 100)![0];
    await deleteResponse(maxId);
    await expectExactCounters();
    expect(byKey(await summary()).qty.summary.max).toBe(10);
  });

  it("stay exact under concurrent submissions", async () => {
    const values = Array.from({ length: 16 }, (_, i) => ({
      stars: 1 + (i % 5),
      nps: i % 11,
      plan: i % 3 ? "Pro" : "Free",
      tags: ["a", "b", "c"].filter((_, j) => (i + j) % 2 === 0),
      ok: i % 2 === 0,
      qty: i * 0.5,
      note: `n${i}`,
      src: ["mail", "ads", "web"][i % 3],
    }));
    await Promise.all(values.map((answers) => submitFinished(answers)));
    await expectExactCounters();
    await Promise.all([...live.keys()].slice(0, 5).map((id) => deleteResponse(id)));
    await expectExactCounters();
  });

  it("read every answer again for a key whose type changed kind between versions", async () => {
    const f = await publishedForm(owner, { questions: [{ key: "q", type: "short-text", title: "Q" }, { key: "all", type: "hidden" }] });
    for (const q of ["Red", "Blue", "Red"]) expect((await respondent().post(responsesPath(f.slug), { answers: { q, all: "yes" } })).status).toBe(201);
    const draft = await owner.api.put(`/api/forms/${f.id}/version/draft`, {
      title: "Test form",
      questions: [{ key: "q", type: "single-choice", title: "Q", options: ["Red", "Green"] }, { key: "all", type: "hidden" }],
    });
    expect(draft.status, draft.text).toBe(200);
    expect((await owner.api.post(`/api/forms/${f.id}/publish`)).status).toBe(200);
    expect((await respondent().post(responsesPath(f.slug), { answers: { q: "Green", all: "yes" } })).status).toBe(201);
    const get = async (query = "") => (await owner.readApi.get(`/api/forms/${f.id}/analytics/summary${query}`)).body;
    const unfiltered = await get();
    expect(byKey(unfiltered).q.summary).toEqual({ count: 3, options: { Red: 2, Green: 1 } });
    expect(unfiltered.questions).toEqual((await get("?metadata[all]=yes")).questions);
  });
});

describe("the migration that created the counters", () => {
  // The question types when the migration was written, in the order its SQL lists them.
  const TYPES_AT_MIGRATION = ["rating", "nps", "single-choice", "dropdown", "multiple-choice", "yes-no", "hidden", "short-text", "long-text", "email", "number", "url", "phone", "date", "statement"] as const;

  it("backfills with the same query the app uses to recompute them", () => {
    const dirs = { sqlite: "prisma/migrations", postgresql: "prisma/postgres/migrations" } as const;
    for (const kind of ["sqlite", "postgresql"] as const) {
      const dir = fs.readdirSync(dirs[kind]).find((d) => d.endsWith("_answer_stats"))!;
      const migration = fs.readFileSync(path.join(dirs[kind], dir, "migration.sql"), "utf8");
      const squash = (s: string) => s.replace(/\s+/g, " ").trim();
      // Without the "~" rows (paths = false): they came with a later migration (Response.pathUnanswered).
      expect(squash(migration)).toContain(squash(answerStatsQuery(kind, undefined, TYPES_AT_MIGRATION, false)));
    }
  });
});
