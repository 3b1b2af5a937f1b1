/**
 * The analytics of logic over real HTTP (SQLite and PostgreSQL): per question
 * how many finished responses had it on their path, answered it, and how many
 * unfinished ones stopped there; per ending how many reached it; the score
 * distribution and average; and the ending/score filters on the summary, the
 * list and the export (400 for bad values). The unfiltered summary reads the
 * running counters, a filtered one the rows: both must agree.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { answerStatsQuery } from "@/lib/analytics/answer-stats";
import { db, provider } from "@/lib/db/client";
import { createOwner, publishedForm, type Owner } from "../helpers/api";
import { respondent, responsesPath } from "./public-helpers";

const business = { question: "kind", op: "equals", value: "Business" };
const schema = {
  title: "Logic analytics",
  endings: [
    { key: "sales", title: "Talk to sales" },
    { key: "vip", title: "VIP" },
  ],
  questions: [
    { key: "ref", type: "hidden" },
    { key: "kind", type: "single-choice", title: "For?", options: ["Personal", "Business"], required: true, scores: { Personal: 1, Business: 5 } },
    { key: "company", type: "short-text", title: "Company", showIf: business },
    { key: "size", type: "number", title: "People", showIf: business, jump: [{ if: { question: "size", op: "gte", value: 100 }, to: "sales" }] },
    { key: "intro", type: "statement", title: "Almost done" },
    { key: "nps", type: "nps", title: "Recommend?", scores: { "10": 3, "9": 2 }, jump: [{ if: { question: "nps", op: "equals", value: 10 }, to: "vip" }] },
    { key: "why", type: "long-text", title: "Why?" },
  ],
};

// Finished: [answers, path (answered + unanswered on it), ending, score].
const finished = [
  { ref: "a", kind: "Personal", nps: 10 }, // kind, nps → vip; score 4
  { ref: "a", kind: "Personal", nps: 5, why: "fine" }, // kind, nps, why; default; 1
  { ref: "a", kind: "Business", company: "Acme", size: 500, nps: 9 }, // kind, company, size → sales (nps dropped); 5
  { ref: "b", kind: "Business", company: "Bee" }, // kind, company, size?, nps?, why?; default; 5
  { ref: "b", kind: "Business", company: "Cee", size: 3, nps: 9, why: "ok" }, // all; default; 7
];
// Unfinished: where each one stopped.
const partials = [
  { ref: "a" }, // kind
  { ref: "a", kind: "Business" }, // company
  { ref: "b", kind: "Personal", nps: 3 }, // why
  { ref: "b", kind: "Personal" }, // nps (company and size are off its path; the statement is skipped)
  { ref: "b", kind: "Business", company: "Zed", size: 200 }, // nothing left but submitting: nowhere
];

let owner: Owner;
let form: { id: string; slug: string };
const ids: string[] = [];

beforeAll(async () => {
  owner = await createOwner();
  form = await publishedForm(owner, schema);
  for (const answers of finished) {
    const res = await respondent().post(responsesPath(form.slug), { answers });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.response.id);
  }
  for (const answers of partials) {
    const res = await respondent().post(responsesPath(form.slug), { answers, partial: true });
    expect(res.status, res.text).toBe(201);
  }
  // A partial response that is finished later leaves the drop-off and joins the finished ones.
  const person = respondent();
  const started = await person.post(responsesPath(form.slug), { answers: { ref: "b", kind: "Personal" }, partial: true });
  expect(started.status).toBe(201);
  const done = await person.patch(`${responsesPath(form.slug)}/${started.body.response.id}`, { answers: { nps: 2 } });
  expect(done.status, done.text).toBe(200); // kind, nps, why?; default; 1
  ids.push(started.body.response.id);
});

type Entry = { key: string; responses: number; onPath: number; dropOff: number };
const summary = async (query = "") => {
  const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { totalResponses: number; questions: Entry[]; endings: { key: string | null; title: string; count: number }[]; score: any };
};
const paths = (body: { questions: Entry[] }) => Object.fromEntries(body.questions.map((q) => [q.key, [q.onPath, q.responses, q.dropOff]]));
const endings = (body: { endings: { key: string | null; count: number }[] }) => Object.fromEntries(body.endings.map((e) => [e.key ?? "(default)", e.count]));

describe("per question: on the path, answered, drop-off", () => {
  it("counts each finished response's path and where unfinished ones stopped", async () => {
    const body = await summary();
    expect(body.totalResponses).toBe(6);
    // [on the path, answered, drop-off]
    expect(paths(body)).toEqual({
      ref: [6, 6, 0],
      kind: [6, 6, 1],
      company: [3, 3, 1],
      size: [3, 2, 0],
      nps: [5, 4, 1],
      why: [4, 2, 1],
    });
  });

  it("the counters (unfiltered) and the rows (a filter matching everything) agree", async () => {
    const all = await summary();
    const viaRows = await summary("?scoreMin=-1000");
    expect(viaRows.totalResponses).toBe(all.totalResponses);
    expect(paths(viaRows)).toEqual(paths(all));
    expect(viaRows.questions.map((q: any) => q.summary)).toEqual(all.questions.map((q: any) => q.summary));
  });

  it("metadata filters apply to the path counts and the drop-off", async () => {
    const body = await summary("?metadata%5Bref%5D=a");
    expect(body.totalResponses).toBe(3);
    expect(paths(body)).toEqual({ ref: [3, 3, 0], kind: [3, 3, 1], company: [1, 1, 1], size: [1, 1, 0], nps: [2, 2, 0], why: [1, 1, 0] });
  });
});

describe("endings and score", () => {
  it("counts every ending (the default one first, zeros included) and the score distribution", async () => {
    const body = await summary();
    expect(body.endings).toEqual([
      { key: null, title: "Default ending", count: 4 },
      { key: "sales", title: "Talk to sales", count: 1 },
      { key: "vip", title: "VIP", count: 1 },
    ]);
    // Scores 4, 1, 5, 5, 7, 1.
    expect(body.score).toEqual({
      count: 6,
      average: 3.83,
      min: 1,
      max: 7,
      histogram: [
        { from: 1, to: 1, count: 2 },
        { from: 4, to: 4, count: 1 },
        { from: 5, to: 5, count: 2 },
        { from: 7, to: 7, count: 1 },
      ],
    });
  });

  it("a form without scores has score null and only the default ending", async () => {
    const plain = await publishedForm(owner, { title: "Plain", questions: [{ key: "q", type: "short-text", title: "Q" }, { key: "src", type: "hidden" }] });
    for (const src of ["a", "b"]) expect((await respondent().post(responsesPath(plain.slug), { answers: { q: "x", src } })).status).toBe(201);
    expect((await respondent().post(responsesPath(plain.slug), { answers: { q: "y", src: "a" }, partial: true })).status).toBe(201);
    const res = await owner.readApi.get(`/api/forms/${plain.id}/analytics/summary`);
    expect(res.body.score).toBeNull();
    expect(res.body.endings).toEqual([{ key: null, title: "Default ending", count: 2 }]);
    expect(res.body.questions[0]).toMatchObject({ key: "q", onPath: 2, responses: 2 });
    // Filtered: the default ending holds the matching finished responses.
    const filtered = await owner.readApi.get(`/api/forms/${plain.id}/analytics/summary?metadata[src]=a`);
    expect(filtered.body.endings).toEqual([{ key: null, title: "Default ending", count: 1 }]);
  });
});

describe("filters by ending and score range", () => {
  it("ending=<key> keeps the responses that reached it", async () => {
    const body = await summary("?ending=sales");
    expect(body.totalResponses).toBe(1);
    expect(endings(body)).toEqual({ "(default)": 0, sales: 1, vip: 0 });
    expect(paths(body)).toMatchObject({ kind: [1, 1, 1], company: [1, 1, 1], size: [1, 1, 0], nps: [0, 0, 1], why: [0, 0, 1] });
    expect(body.score).toMatchObject({ count: 1, average: 5, min: 5, max: 5 });
  });

  it("ending=end is the default ending", async () => {
    const body = await summary("?ending=end");
    expect(body.totalResponses).toBe(4);
    expect(endings(body)).toEqual({ "(default)": 4, sales: 0, vip: 0 });
    expect(paths(body)).toMatchObject({ nps: [4, 3, 1], why: [4, 2, 1], size: [2, 1, 0] });
    expect(body.score).toMatchObject({ count: 4, average: 3.5, min: 1, max: 7 });
  });

  it("scoreMin and scoreMax bound the score (inclusive), with the metadata and ending filters", async () => {
    expect((await summary("?scoreMin=5")).totalResponses).toBe(3);
    const band = await summary("?scoreMin=4&scoreMax=5");
    expect(band.totalResponses).toBe(3);
    expect(endings(band)).toEqual({ "(default)": 1, sales: 1, vip: 1 });
    expect(band.score.histogram).toEqual([
      { from: 4, to: 4, count: 1 },
      { from: 5, to: 5, count: 2 },
    ]);
    expect((await summary("?scoreMax=1")).totalResponses).toBe(2);
    expect((await summary("?ending=end&scoreMin=5&metadata%5Bref%5D=b")).totalResponses).toBe(2);
  });

  it("the responses list and the export take the same filters", async () => {
    const list = await owner.readApi.get(`/api/forms/${form.id}/responses?ending=end&scoreMin=5`);
    expect(list.status).toBe(200);
    expect(list.body.pagination.total).toBe(2);
    expect(list.body.responses.every((r: any) => r.ending === null && r.score >= 5)).toBe(true);
    const csv = await owner.readApi.get(`/api/forms/${form.id}/responses/export?ending=vip`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split("\n")).toHaveLength(2);
    expect(csv.text).toContain(ids[0]);
  });

  it.each([
    ["?scoreMin=abc", "scoreMin"],
    ["?scoreMax=1e", "scoreMax"],
    ["?scoreMin=5&scoreMax=1", "scoreMin"],
    ["?ending=nope", "ending"],
    ["?ending=", "ending"],
    ["?color=red", ""],
  ])("summary%s answers 400 invalid_query", async (query, path) => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary${query}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
    if (path) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("an unknown ending is a 400 on the list and the export too", async () => {
    for (const where of ["responses", "responses/export"]) {
      const res = await owner.readApi.get(`/api/forms/${form.id}/${where}?ending=nope`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_query");
    }
  });
});

describe("counters stay exact", () => {
  it("deleting a finished response takes its path out; the counters equal their recomputation", async () => {
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${ids[3]}`)).status).toBe(204);
    const body = await summary();
    expect(paths(body)).toMatchObject({ company: [2, 2, 1], size: [2, 2, 0], nps: [4, 4, 1], why: [3, 2, 1] });
    const stored = await db.$queryRawUnsafe<any[]>(
      `SELECT "questionKey", "bucket", SUM("count") AS "count" FROM "AnswerStat" WHERE "formId" = '${form.id}' GROUP BY 1, 2 HAVING SUM("count") <> 0 ORDER BY 1, 2`,
    );
    const recomputed = await db.$queryRawUnsafe<any[]>(`SELECT "questionKey", "bucket", "count" FROM (${answerStatsQuery(provider, form.id)}) s ORDER BY 1, 2`);
    const norm = (rows: any[]) => rows.map((r) => [r.questionKey, r.bucket, Number(r.count)]);
    expect(norm(stored)).toEqual(norm(recomputed));
    expect(norm(stored)).toContainEqual(["why", "~", 1]);
  });
});
