/**
 * The richer question types end to end over HTTP: matrix, ranking,
 * consent, time, opinion-scale, and allowOther on the choice types —
 * definitions (good and bad), answers (good and bad), stored and listed
 * answers, summaries against hand-computed numbers (from the counters and
 * from the Answer rows alike), CSV cells and the no-JavaScript form post.
 * Runs on SQLite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { answerStatsQuery } from "@/lib/analytics/answer-stats";
import { analyticsSummarySchema } from "@/lib/analytics/summary";
import { db, provider } from "@/lib/db/client";
import { issueStartToken, MIN_FILL_MS } from "@/lib/public/spam";
import { responseSchema } from "@/lib/responses/list";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { backdate, personCookie, submit, utcDay } from "../helpers/responses";
import { TEST_AUTH_SECRET } from "../setup/server";

const schema = {
  questions: [
    { key: "grid", type: "matrix", title: "Rate", rows: ["Speed", "Price"], columns: ["Bad", "OK", "Good"], required: true },
    { key: "days", type: "matrix", title: "When", rows: ["Mon", "Tue"], columns: ["AM", "PM"], multiple: true },
    { key: "rank", type: "ranking", title: "Rank", options: ["A", "B", "C"] },
    { key: "terms", type: "consent", title: "Terms", text: "I agree to the terms", required: true },
    { key: "at", type: "time", title: "Arrival", min: "08:00", max: "20:00" },
    { key: "scale", type: "opinion-scale", title: "How much", scaleMin: 1, scaleMax: 5 },
    { key: "pick", type: "single-choice", title: "Colour", options: ["Red", "Blue"], allowOther: true, randomize: true },
    { key: "many", type: "multiple-choice", title: "Letters", options: ["x", "y"], allowOther: true },
    { key: "drop", type: "dropdown", title: "Size", options: ["S", "M"], allowOther: true },
    { key: "src", type: "hidden" },
  ],
};

// Hand-computed fixture: R1 three days ago, R2 two, R3 one (newest).
const R1 = { grid: { Speed: "Good", Price: "OK" }, days: { Mon: ["AM", "PM"] }, rank: ["A", "B", "C"], terms: true, at: "09:15", scale: 5, pick: "Red", many: ["x", "purple"], drop: "S", src: "t" };
const R2 = { grid: { Speed: "Good", Price: "Bad" }, rank: ["B", "A", "C"], terms: true, at: "09:45", scale: 3, pick: "Green", many: ["y"], drop: "XL", src: "t" };
const R3 = { grid: { Speed: "Bad", Price: "Bad" }, days: { Tue: ["PM"] }, rank: ["B", "C", "A"], terms: true, at: "17:00", scale: 4, pick: "Teal", src: "t" };

let owner: Owner;
let form: { id: string; slug: string };
const ids: string[] = [];

const respond = (slug: string, answers: unknown) =>
  request("POST", `/api/public/forms/${slug}/responses`, { answers }, { headers: { cookie: personCookie() } });

beforeAll(async () => {
  owner = await createOwner();
  process.env.AUTH_SECRET = TEST_AUTH_SECRET; // start tokens minted here must verify on the server
  form = await publishedForm(owner, schema);
  for (const [i, answers] of [R1, R2, R3].entries()) {
    ids.push(await submit(form.slug, answers));
    await backdate(ids[i], utcDay(i - 3, 3600_000));
  }
});

describe("definitions", () => {
  const draft = (questions: unknown[]) => owner.api.put(`/api/forms/${form.id}/version/draft`, { title: "T", questions });
  const q = (fields: Record<string, unknown>) => ({ key: "q", title: "Q", ...fields });

  it("accepts the new types and fills opinion-scale's defaults (0..10)", async () => {
    const res = await draft([...schema.questions, q({ key: "os", type: "opinion-scale" }), q({ key: "g1", type: "yes-no", group: "page1" }), q({ key: "g2", type: "consent", group: "page1" })]);
    expect(res.status).toBe(200);
    const os = res.body.draft.questions.find((x: { key: string }) => x.key === "os");
    expect(os).toMatchObject({ scaleMin: 0, scaleMax: 10 });
  });

  it.each([
    ["a matrix without rows", q({ type: "matrix", rows: [], columns: ["a"] }), "questions.0.rows"],
    ["a matrix row named __proto__", q({ type: "matrix", rows: ["__proto__"], columns: ["a"] }), "questions.0.rows"],
    ["a matrix row named toString", q({ type: "matrix", rows: ["Speed", "toString"], columns: ["a"] }), "questions.0.rows"],
    ["a matrix with repeated columns", q({ type: "matrix", rows: ["r"], columns: ["a", "a"] }), "questions.0.columns"],
    ["a ranking with repeated options", q({ type: "ranking", options: ["a", "a"] }), "questions.0.options"],
    ["consent with an unknown field", q({ type: "consent", checked: true }), "questions.0"],
    ["a time that is not HH:MM", q({ type: "time", min: "8:00" }), "questions.0.min"],
    ["a time range the wrong way round", q({ type: "time", min: "18:00", max: "08:00" }), "questions.0.max"],
    ["opinion-scale starting at 2", q({ type: "opinion-scale", scaleMin: 2 }), "questions.0.scaleMin"],
    ["opinion-scale up to 11", q({ type: "opinion-scale", scaleMax: 11 }), "questions.0.scaleMax"],
    ["allowOther that is no boolean", q({ type: "dropdown", options: ["a"], allowOther: "yes" }), "questions.0.allowOther"],
  ])("refuses %s (400 at %s)", async (_, question, path) => {
    const res = await draft([question]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("refuses a group whose questions do not follow each other", async () => {
    const res = await draft([q({ key: "a", type: "yes-no", group: "p" }), q({ key: "b", type: "yes-no" }), q({ key: "c", type: "yes-no", group: "p" })]);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain("questions.2.group");
  });
});

describe("answers", () => {
  const valid = { grid: { Speed: "OK", Price: "OK" }, terms: true };

  it.each([
    ["a matrix with a row missing (required: every row)", { ...valid, grid: { Speed: "OK" } }, "grid", "Answer every row"],
    ["a matrix row that does not exist", { ...valid, grid: { Speed: "OK", Price: "OK", Size: "OK" } }, "grid", "No such row: Size"],
    ["a matrix column that does not exist", { ...valid, grid: { Speed: "OK", Price: "Great" } }, "grid", "Pick one of the columns"],
    ["a single column on a multiple matrix", { ...valid, days: { Mon: "AM" } }, "days"],
    ["a ranking that leaves an option out", { ...valid, rank: ["A", "B"] }, "rank", "Rank every option exactly once"],
    ["a ranking that repeats an option", { ...valid, rank: ["A", "A", "B"] }, "rank"],
    ["consent false", { ...valid, terms: false }, "terms", "Tick the box to agree"],
    ["no consent on a required consent", { grid: valid.grid }, "terms", "This question is required"],
    ["a time past 23:59", { ...valid, at: "25:00" }, "at"],
    ["a time before min", { ...valid, at: "07:59" }, "at"],
    ["a time without its leading zero", { ...valid, at: "9:15" }, "at"],
    ["an opinion below the scale", { ...valid, scale: 0 }, "scale"],
    ["an opinion above the scale", { ...valid, scale: 6 }, "scale"],
    ["an opinion that is not whole", { ...valid, scale: 3.5 }, "scale"],
    ["two other answers on a multiple choice", { ...valid, many: ["one", "two"] }, "many", "Give at most one other answer"],
    ["a number as an Other answer", { ...valid, pick: 7 }, "pick"],
  ] as [string, Record<string, unknown>, string, string?][])("refuses %s (400 at answers.%s) and stores nothing", async (_, answers, key, message) => {
    const before = await owner.api.get(`/api/forms/${form.id}/responses`);
    const res = await respond(form.slug, answers);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    const detail = res.body.error.details.find((d: { path: string }) => d.path === `answers.${key}`);
    expect(detail, JSON.stringify(res.body.error.details)).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect((await owner.api.get(`/api/forms/${form.id}/responses`)).body.pagination.total).toBe(before.body.pagination.total);
  });

  it("lists the stored answers as sent (other texts trimmed), typed by the response schema", async () => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/responses`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.responses.map((r: { id: string }) => [r.id, r]));
    const r1 = byId.get(ids[0]) as { answers: Record<string, unknown>; metadata: Record<string, string> };
    expect(responseSchema.safeParse(r1).error).toBeUndefined();
    const { src, ...answers } = R1;
    expect(r1.answers).toEqual(answers);
    expect(r1.metadata).toEqual({ src });
    expect((byId.get(ids[2]) as { answers: Record<string, unknown> }).answers.days).toEqual({ Tue: ["PM"] });
  });
});

describe("summary", () => {
  const expected = {
    grid: { responses: 3, summary: { count: 3, rows: { Speed: { Bad: 1, OK: 0, Good: 2 }, Price: { Bad: 2, OK: 1, Good: 0 } } } },
    days: { responses: 2, summary: { count: 2, rows: { Mon: { AM: 1, PM: 1 }, Tue: { AM: 0, PM: 1 } } } },
    // A at 1, 2, 3 → 2; B at 2, 1, 1 → 1.33; C at 3, 3, 2 → 2.67
    rank: { responses: 3, summary: { count: 3, averagePosition: { A: 2, B: 1.33, C: 2.67 } } },
    terms: { responses: 3, summary: { count: 3 } },
    at: { responses: 3, summary: { count: 3, hours: Object.fromEntries(Array.from({ length: 24 }, (_, h) => [String(h).padStart(2, "0"), h === 9 ? 2 : h === 17 ? 1 : 0])) } },
    // 5 + 3 + 4 over 3
    scale: { responses: 3, summary: { count: 3, avg: 4, distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 } } },
    pick: { responses: 3, summary: { count: 3, options: { Red: 1, Blue: 0 }, other: 2, otherLatest: [{ value: "Teal", submittedAt: utcDay(-1, 3600_000).toISOString() }, { value: "Green", submittedAt: utcDay(-2, 3600_000).toISOString() }] } },
    many: { responses: 2, summary: { count: 2, options: { x: 1, y: 1 }, other: 1, otherLatest: [{ value: "purple", submittedAt: utcDay(-3, 3600_000).toISOString() }] } },
    drop: { responses: 2, summary: { count: 2, options: { S: 1, M: 0 }, other: 1, otherLatest: [{ value: "XL", submittedAt: utcDay(-2, 3600_000).toISOString() }] } },
  };

  // Unfiltered reads the running counters; a metadata filter reads the Answer rows: both must agree.
  it.each([["from the counters", ""], ["from the Answer rows (metadata filter)", "?metadata[src]=t"]])("matches hand-computed numbers %s", async (_, query) => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary${query}`);
    expect(res.status).toBe(200);
    expect(analyticsSummarySchema.safeParse(res.body).error).toBeUndefined();
    const byKey = Object.fromEntries(res.body.questions.map((q: { key: string; responses: number; summary: unknown }) => [q.key, { responses: q.responses, summary: q.summary }]));
    for (const [key, value] of Object.entries(expected)) expect(byKey[key], key).toEqual(value);
  });
});

describe("counters", () => {
  type Stat = { questionKey: string; bucket: string; count: number | bigint; sum: number };
  const normalise = (rows: Stat[]) =>
    rows
      .map((r) => ({ key: `${r.questionKey} ${r.bucket}`, count: Number(r.count), sum: Math.round(Number(r.sum) * 1e6) / 1e6 }))
      .filter((r) => r.count !== 0)
      .sort((x, y) => (x.key < y.key ? -1 : 1));

  it("equal the recompute from the Answer rows (ranking positions summed per option)", async () => {
    const stored = normalise(await db.$queryRaw<Stat[]>`SELECT "questionKey", "bucket", SUM("count") AS "count", SUM("sum") AS "sum" FROM "AnswerStat" WHERE "formId" = ${form.id} GROUP BY "questionKey", "bucket"`);
    expect(stored).toEqual(normalise(await db.$queryRawUnsafe<Stat[]>(answerStatsQuery(provider, form.id))));
    // A at 1 + 2 + 3, B at 2 + 1 + 1, C at 3 + 3 + 2
    expect(stored.filter((r) => r.key.startsWith("rank ="))).toEqual([
      { key: "rank =A", count: 3, sum: 6 },
      { key: "rank =B", count: 3, sum: 4 },
      { key: "rank =C", count: 3, sum: 8 },
    ]);
    expect(stored.find((r) => r.key === `grid =${JSON.stringify(["Speed", "Good"])}`)?.count).toBe(2);
  });
});

describe("CSV export", () => {
  it("writes matrix as row: column, ranking in order, consent as yes, time and scale as given", async () => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/responses/export`);
    expect(res.status).toBe(200);
    const lines = res.text.replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe("id,submittedAt,grid,days,rank,terms,at,scale,pick,many,drop");
    const r1 = lines.find((l) => l.startsWith(ids[0]))!;
    expect(r1).toBe(`${ids[0]},${utcDay(-3, 3600_000).toISOString()},Speed: Good; Price: OK,"Mon: AM, PM",A; B; C,yes,09:15,5,Red,x; purple,S`);
    const r3 = lines.find((l) => l.startsWith(ids[2]))!;
    expect(r3).toBe(`${ids[2]},${utcDay(-1, 3600_000).toISOString()},Speed: Bad; Price: Bad,Tue: PM,B; C; A,yes,17:00,4,Teal,,`);
  });
});

describe("no-JavaScript form post", () => {
  it("reads matrix radios per row, ranking positions, a consent checkbox, time, scale and Other texts", async () => {
    const target = await publishedForm(owner, schema);
    const fields: [string, string][] = [
      ["_start", issueStartToken(target.id, Date.now() - MIN_FILL_MS - 1_000)], ["_website", ""],
      ["grid:0", "OK"], ["grid:1", "Good"],
      ["days:0", "AM"], ["days:0", "PM"],
      // positions per option index: A third, B first, C second
      ["rank:0", "3"], ["rank:1", "1"], ["rank:2", "2"],
      ["terms", "yes"], ["at", "10:30"], ["scale", "2"],
      ["pick", ":other"], ["pick:other", "  Orange "],
      ["many", "y"], ["many", ":other"], ["many:other", "zed"],
      ["drop", "M"], ["drop:other", ""],
    ];
    const res = await request("POST", `/s/${target.slug}/submit`, undefined, {
      raw: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "no-js-question-types" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/s/${target.slug}/thanks`);
    const listed = await owner.readApi.get(`/api/forms/${target.id}/responses`);
    expect(listed.body.responses).toHaveLength(1);
    expect(listed.body.responses[0].answers).toEqual({
      grid: { Speed: "OK", Price: "Good" },
      days: { Mon: ["AM", "PM"] },
      rank: ["B", "C", "A"],
      terms: true,
      at: "10:30",
      scale: 2,
      pick: "Orange",
      many: ["y", "zed"],
      drop: "M",
    });
  });

  it("sends a tied ranking and a missing consent back with messages", async () => {
    const target = await publishedForm(owner, schema);
    const res = await request("POST", `/s/${target.slug}/submit`, undefined, {
      raw: new URLSearchParams([["_start", issueStartToken(target.id, Date.now() - MIN_FILL_MS - 1_000)], ["grid:0", "OK"], ["grid:1", "OK"], ["rank:0", "1"], ["rank:1", "1"], ["rank:2", "2"]]).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "no-js-question-types" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/s/${target.slug}`);
    const cookie = res.headers.get("set-cookie")!;
    const flash = JSON.parse(Buffer.from(/fl_flash=([^;]+)/.exec(cookie)![1], "base64url").toString("utf8"));
    expect(Object.keys(flash.errors).sort()).toEqual(["rank", "terms"]);
    expect((await owner.readApi.get(`/api/forms/${target.id}/responses`)).body.responses).toHaveLength(0);
  });
});
