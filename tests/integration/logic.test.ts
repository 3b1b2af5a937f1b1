/**
 * Logic enforced by the server over real HTTP (SQLite and PostgreSQL): when a
 * response is finished (POST, the finishing PATCH, the no-JavaScript post) the
 * path is recomputed from the answers; required applies only on it, answers
 * off it are not stored, counted or exported, and the score and ending are
 * the server's. Bad rules are refused at draft save with their path.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { issueStartToken, MIN_FILL_MS } from "@/lib/public/spam";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { TEST_AUTH_SECRET } from "../setup/server";
import { respondent, responsesPath, stored } from "./public-helpers";

let owner: Owner;
let form: { id: string; slug: string };
beforeAll(async () => {
  owner = await createOwner();
  process.env.AUTH_SECRET = TEST_AUTH_SECRET; // no-JS start tokens minted here must verify on the server
  form = await publishedForm(owner, logicSchema);
});

const business = { question: "kind", op: "equals", value: "Business" };
const logicSchema = {
  title: "Logic",
  endings: [{ key: "sales", title: "Talk to sales", message: "We call you, {{company}}" }],
  questions: [
    { key: "ref", type: "hidden" },
    { key: "kind", type: "single-choice", title: "For?", options: ["Personal", "Business"], required: true, scores: { Personal: 1, Business: 5 } },
    { key: "company", type: "short-text", title: "Company", required: true, showIf: business },
    { key: "size", type: "number", title: "People", showIf: business, jump: [{ if: { question: "size", op: "gte", value: 100 }, to: "sales" }] },
    { key: "why", type: "long-text", title: "Why?", required: true },
    { key: "nps", type: "nps", title: "Recommend?", scores: { "10": 3, "9": 2 } },
  ],
};

async function finishedRows() {
  const res = await owner.readApi.get(`/api/forms/${form.id}/responses?limit=50`);
  expect(res.status).toBe(200);
  return res.body.responses as { id: string; answers: Record<string, unknown>; metadata: Record<string, string>; score: number | null; ending: string | null }[];
}
const byId = async (id: string) => (await finishedRows()).find((r) => r.id === id)!;

describe("required follows the path", () => {
  it("a hidden required question is not enforced; a shown one is", async () => {
    const personal = await respondent().post(responsesPath(form.slug), { answers: { kind: "Personal", why: "fun" } });
    expect(personal.status).toBe(201);

    const missing = await respondent().post(responsesPath(form.slug), { answers: { kind: "Business", why: "work" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("validation_failed");
    expect(missing.body.error.details).toEqual([{ path: "answers.company", message: "This question is required" }]);
  });
  it("a question after a jump to an ending is not required", async () => {
    const res = await respondent().post(responsesPath(form.slug), { answers: { kind: "Business", company: "Acme", size: 500 } });
    expect(res.status).toBe(201);
    const row = await byId(res.body.response.id);
    expect(row).toMatchObject({ answers: { kind: "Business", company: "Acme", size: 500 }, score: 5, ending: "sales" });
  });
});

describe("off-path answers are discarded", () => {
  it("are not stored, not counted as Answer rows, not exported, not scored", async () => {
    const res = await respondent().post(responsesPath(form.slug), {
      answers: { kind: "Personal", company: "Leak Inc", size: 7, why: "fun", nps: 10, ref: "ads" },
    });
    expect(res.status).toBe(201);
    const id = res.body.response.id;
    const { responses, answers } = await stored(form.id);
    const row = responses.find((r) => r.id === id)!;
    expect(JSON.parse(row.answers)).toEqual({ kind: "Personal", why: "fun", nps: 10 });
    expect(JSON.parse(row.metadata)).toEqual({ ref: "ads" });
    expect(row.searchText).not.toContain("leak");
    expect(answers.filter((a) => a.responseId === id).map((a) => a.questionKey).sort()).toEqual(["kind", "nps", "ref", "why"]);
    expect(row.score).toBe(1 + 3);
    expect(row.ending).toBeNull();

    const detail = await owner.readApi.get(`/api/forms/${form.id}/responses/${id}`);
    expect(detail.body.response).toMatchObject({ score: 4, ending: null, answers: { kind: "Personal", why: "fun", nps: 10 } });
    expect(detail.body.response.answers).not.toHaveProperty("company");

    const csv = await owner.readApi.get(`/api/forms/${form.id}/responses/export`);
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe("id,submittedAt,score,ending,kind,company,size,why,nps");
    expect(lines.find((l) => l.startsWith(id))).toMatch(new RegExp(`^${id},[^,]+,4,,Personal,,,fun,10$`));
    expect(csv.text).not.toContain("Leak Inc");
  });
  it("answers after an ending are dropped and do not score", async () => {
    const res = await respondent().post(responsesPath(form.slug), { answers: { kind: "Business", company: "Big", size: 100, why: "scale", nps: 10 } });
    expect(res.status).toBe(201);
    expect(await byId(res.body.response.id)).toMatchObject({ answers: { kind: "Business", company: "Big", size: 100 }, score: 5, ending: "sales" });
    expect((await byId(res.body.response.id)).answers).not.toHaveProperty("why");
  });
  it("an invalid value off the path is dropped, not refused", async () => {
    const res = await respondent().post(responsesPath(form.slug), { answers: { kind: "Personal", size: "lots", why: "x" } });
    expect(res.status).toBe(201);
    expect((await byId(res.body.response.id)).answers).toEqual({ kind: "Personal", why: "x" });
  });
  it("finishing a partial response drops answers that fell off the path", async () => {
    const person = respondent();
    const started = await person.post(responsesPath(form.slug), { answers: { kind: "Business", company: "Acme" }, partial: true });
    expect(started.status).toBe(201);
    const id = started.body.response.id;
    const partialRow = (await stored(form.id)).responses.find((r) => r.id === id)!;
    expect(JSON.parse(partialRow.answers)).toEqual({ kind: "Business", company: "Acme" });
    expect(partialRow.score).toBeNull();

    const done = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { kind: "Personal", why: "changed my mind", nps: 9 } });
    expect(done.status).toBe(200);
    expect(await byId(id)).toMatchObject({ answers: { kind: "Personal", why: "changed my mind", nps: 9 }, score: 3, ending: null });
    // Resending the finishing PATCH answers 200 again (same stored answers).
    const resent = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { kind: "Personal", why: "changed my mind", nps: 9 } });
    expect(resent.status).toBe(200);
  });
  it("the no-JavaScript post applies the same logic", async () => {
    const fields = [["_start", issueStartToken(form.id, Date.now() - MIN_FILL_MS - 1_000)], ["kind", "Personal"], ["company", "Posted Co"], ["size", "3"], ["why", "no js"]];
    const res = await request("POST", `/s/${form.slug}/submit`, undefined, {
      raw: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "no-js-logic" },
    });
    expect(res.status).toBe(303);
    const row = (await finishedRows()).find((r) => r.answers.why === "no js")!;
    expect(row).toMatchObject({ answers: { kind: "Personal", why: "no js" }, score: 1, ending: null });
  });
});

describe("the score is the server's", () => {
  it("a client-sent score is refused as an unknown field", async () => {
    const top = await respondent().post(responsesPath(form.slug), { answers: { kind: "Personal", why: "x" }, score: 99 });
    expect(top.status).toBe(400);
    expect(top.body.error.code).toBe("validation_failed");
    const inside = await respondent().post(responsesPath(form.slug), { answers: { kind: "Personal", why: "x", score: 99 } });
    expect(inside.status).toBe(400);
    expect(inside.body.error.details).toEqual([{ path: "answers.score", message: "This form has no such question" }]);
  });
  it("a form without scores stores null", async () => {
    const plain = await publishedForm(owner, { title: "Plain", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] });
    const res = await respondent().post(responsesPath(plain.slug), { answers: { q: "hi" } });
    expect(res.status).toBe(201);
    const list = await owner.readApi.get(`/api/forms/${plain.id}/responses`);
    expect(list.body.responses[0]).toMatchObject({ score: null, ending: null });
    const csv = await owner.readApi.get(`/api/forms/${plain.id}/responses/export`);
    expect(csv.text.replace(/^\uFEFF/, "").split("\n")[0]).toBe("id,submittedAt,q");
  });
});

describe("filters by ending and score", () => {
  it("list and export keep only the responses that match", async () => {
    const f = await publishedForm(owner, logicSchema);
    const send = (answers: Record<string, unknown>) => respondent().post(responsesPath(f.slug), { answers });
    const sales = await send({ kind: "Business", company: "S", size: 200 }); // score 5, ending sales
    const low = await send({ kind: "Personal", why: "a" }); // score 1
    const mid = await send({ kind: "Personal", why: "b", nps: 10 }); // score 4
    for (const r of [sales, low, mid]) expect(r.status).toBe(201);
    const ids = async (query: string) => {
      const res = await owner.readApi.get(`/api/forms/${f.id}/responses?${query}`);
      expect(res.status).toBe(200);
      return { ids: (res.body.responses as { id: string }[]).map((r) => r.id).sort(), total: res.body.pagination.total };
    };
    expect(await ids("ending=sales")).toEqual({ ids: [sales.body.response.id], total: 1 });
    expect(await ids("scoreMin=4")).toEqual({ ids: [sales.body.response.id, mid.body.response.id].sort(), total: 2 });
    expect(await ids("scoreMin=2&scoreMax=4.5")).toEqual({ ids: [mid.body.response.id], total: 1 });
    expect(await ids("ending=end")).toEqual({ ids: [low.body.response.id, mid.body.response.id].sort(), total: 2 });
    // An ending no version has is a typo, said loudly (like an unknown metadata key), not an empty list.
    const unknown = await owner.readApi.get(`/api/forms/${f.id}/responses?ending=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("invalid_query");

    const csv = await owner.readApi.get(`/api/forms/${f.id}/responses/export?scoreMax=1`);
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([low.body.response.id]);

    const bad = await owner.readApi.get(`/api/forms/${f.id}/responses?scoreMin=lots&scoreMax=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_query");
    const crossed = await owner.readApi.get(`/api/forms/${f.id}/responses?scoreMin=5&scoreMax=1`);
    expect(crossed.status).toBe(400);
  });
});

describe("bad rules are refused at draft save with their path", () => {
  it("answers 400 validation_failed naming each offending part", async () => {
    const created = await owner.api.post("/api/forms", { title: "Bad logic" });
    const id = created.body.form.id;
    const res = await owner.api.put(`/api/forms/${id}/version/draft`, {
      title: "Bad logic",
      endings: [{ key: "kind", title: "Clash" }],
      questions: [
        { key: "kind", type: "single-choice", title: "For?", options: ["Personal", "Business"], scores: { Personal: 1, Robot: 2 } },
        { key: "age", type: "number", title: "Age", showIf: { question: "later", op: "answered" } },
        { key: "later", type: "short-text", title: "Later", showIf: { question: "kind", op: "gt", value: 1 } },
        { key: "last", type: "short-text", title: "Last", jump: [{ if: { all: [{ question: "kind", op: "equals", value: "Personal" }, { question: "kind", op: "equals", value: "Robot" }] }, to: "age" }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    const paths = (res.body.error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(
      [
        "endings.0.key",
        "questions.0.scores.Robot",
        "questions.1.showIf.question",
        "questions.2.showIf.op",
        "questions.3.jump.0.if.all.1.value",
        "questions.3.jump.0.to",
      ].sort(),
    );
    const draft = await owner.api.get(`/api/forms/${id}`);
    expect(draft.body.form.draft.questions).toEqual([]);
  });
});

describe("the OpenAPI document shows the logic schema", () => {
  it("documents Condition (recursive), Ending, the question fields, the response's score and ending, and the filters", async () => {
    const res = await request("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const schemas = res.body.components.schemas;
    const condition = JSON.stringify(schemas.Condition);
    expect(condition).toContain('"$ref":"#/components/schemas/Condition"');
    expect(condition).toContain('"notContains"');
    expect(schemas.Ending.properties.redirectUrl.format).toBe("uri");
    const question = JSON.stringify(schemas.Question);
    for (const field of ['"showIf"', '"jump"', '"scores"']) expect(question).toContain(field);
    expect(schemas.Response.properties.score.type).toEqual(["number", "null"]);
    expect(schemas.Response.properties.ending.type).toEqual(["string", "null"]);
    const list = res.body.paths["/api/forms/{id}/responses"].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(expect.arrayContaining(["ending", "scoreMin", "scoreMax"]));
  });
});
