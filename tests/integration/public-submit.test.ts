/**
 * POST /api/public/forms/:slug/responses and GET /api/public/forms/:slug over
 * real HTTP: what is stored (Response + Answer rows, per
 * team/RESPONSES-DATA.md), every validation rule, availability, exact caps and
 * one-per-person, and that a refused submission leaves nothing behind.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { everyTypeAnswers, everyTypeSchema, respondent, responsesPath, stored } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

const simpleSchema = { title: "Simple", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] };

describe("submitting every question type", () => {
  it("stores the answers, hidden values as metadata, searchText and one Answer row per value", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    const res = await respondent().post(responsesPath(form.slug), { answers: everyTypeAnswers });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.response).sort()).toEqual(["finished", "id", "spam", "submittedAt"]);
    expect(res.body.response.spam).toEqual({ suspected: false, reasons: [] });
    expect(res.body.response.finished).toBe(true);
    expect(Math.abs(Date.parse(res.body.response.submittedAt) - Date.now())).toBeLessThan(60_000);

    const { responses, answers, responseCount } = await stored(form.id);
    expect(responseCount).toBe(1);
    expect(responses).toHaveLength(1);
    const row = responses[0];
    expect(row.id).toBe(res.body.response.id);
    expect(row.finished).toBe(true);
    expect(row.submittedAt!.toISOString()).toBe(res.body.response.submittedAt);
    expect(row.submittedDay).toBe(res.body.response.submittedAt.slice(0, 10));
    expect(row.onePerPerson).toBeNull();
    const { ref, ...visible } = everyTypeAnswers;
    expect(JSON.parse(row.answers)).toEqual({ ...visible, name: "Ada Lovelace" });
    expect(JSON.parse(row.metadata)).toEqual({ ref });
    expect(row.searchText).toBe(
      ["ada lovelace", "wrote the first program", "ada@example.com", "36", "https://example.com/ada", "+44 20 7946 0958", "green", "cheese, olives", "japan", "4", "9", "yes", "2024-02-29"].join("\n"),
    );

    const rows = answers.map((a) => [a.questionKey, a.valueText, a.valueNumber, a.finished, a.responseId]);
    expect(rows.sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`))).toEqual(
      [
        ["age", null, 36],
        ["agree", "yes", 1],
        ["bio", "Wrote the first program", null],
        ["color", "Green", null],
        ["country", "Japan", null],
        ["email", "ada@example.com", null],
        ["name", "Ada Lovelace", null],
        ["nps", null, 9],
        ["phone", "+44 20 7946 0958", null],
        ["ref", "newsletter", null],
        ["site", "https://example.com/ada", null],
        ["stars", null, 4],
        ["toppings", "Cheese", null],
        ["toppings", "Olives", null],
        ["when", "2024-02-29", null],
      ].map((r) => [...r, true, row.id]),
    );
    const detail = await owner.api.get(`/api/forms/${form.id}`);
    expect(detail.body.form.responseCount).toBe(1);
  });

  it("stores only the required answers when the optional ones are left out or empty, and yes-no false as no/0", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    const res = await respondent().post(responsesPath(form.slug), { answers: { name: "Bo", color: "Red", bio: "", toppings: [], age: null, agree: false } });
    expect(res.status).toBe(201);
    const { responses, answers } = await stored(form.id);
    expect(JSON.parse(responses[0].answers)).toEqual({ name: "Bo", color: "Red", agree: false });
    expect(JSON.parse(responses[0].metadata)).toEqual({});
    expect(responses[0].searchText).toBe("bo\nred\nno");
    expect(answers.map((a) => [a.questionKey, a.valueText, a.valueNumber]).sort()).toEqual([
      ["agree", "no", 0],
      ["color", "Red", null],
      ["name", "Bo", null],
    ]);
  });
});

describe("validation", () => {
  let form: { id: string; slug: string };
  beforeAll(async () => {
    form = await publishedForm(owner, everyTypeSchema);
  });
  const base = { name: "Bo", color: "Red" };

  it.each<[string, Record<string, unknown>, string]>([
    ["a missing required answer", { color: "Red" }, "answers.name"],
    ["an empty required answer", { name: "   ", color: "Red" }, "answers.name"],
    ["a zero-width space as a required answer", { name: "\u200b", color: "Red" }, "answers.name"],
    ["a byte-order mark as a required answer", { name: "\ufeff", color: "Red" }, "answers.name"],
    ["no-break and ideographic spaces as a required answer", { name: "\u00a0\u3000", color: "Red" }, "answers.name"],
    ["text over maxLength", { ...base, name: "x".repeat(41) }, "answers.name"],
    ["a number sent as text", { ...base, age: "36" }, "answers.age"],
    ["a number below min", { ...base, age: -1 }, "answers.age"],
    ["a number above max", { ...base, age: 131 }, "answers.age"],
    ["a bad email", { ...base, email: "not-an-email" }, "answers.email"],
    ["a non-http url", { ...base, site: "ftp://example.com" }, "answers.site"],
    ["a bad phone", { ...base, phone: "call me" }, "answers.phone"],
    ["an unknown single-choice option", { ...base, color: "Purple" }, "answers.color"],
    ["an unknown dropdown option", { ...base, country: "Spain" }, "answers.country"],
    ["an unknown multiple-choice option", { ...base, toppings: ["Cheese", "Pineapple"] }, "answers.toppings"],
    ["fewer picks than minSelections", { ...base, toppings: ["Cheese"] }, "answers.toppings"],
    ["more picks than maxSelections", { ...base, toppings: ["Cheese", "Ham", "Olives", "Onion"] }, "answers.toppings"],
    ["a repeated pick", { ...base, toppings: ["Ham", "Ham"] }, "answers.toppings"],
    ["a single choice sent as a list", { ...base, color: ["Red"] }, "answers.color"],
    ["a rating above the scale", { ...base, stars: 6 }, "answers.stars"],
    ["a rating below the scale", { ...base, stars: 0 }, "answers.stars"],
    ["a fractional rating", { ...base, stars: 3.5 }, "answers.stars"],
    ["an nps above 10", { ...base, nps: 11 }, "answers.nps"],
    ["yes-no as text", { ...base, agree: "yes" }, "answers.agree"],
    ["a date that is not YYYY-MM-DD", { ...base, when: "29/02/2024" }, "answers.when"],
    ["a date before min", { ...base, when: "2019-12-31" }, "answers.when"],
    ["a date after max", { ...base, when: "2031-01-01" }, "answers.when"],
    ["an unknown question key", { ...base, nope: "x" }, "answers.nope"],
    ["an answer to a statement", { ...base, intro: "x" }, "answers.intro"],
    ["a hidden value that is not text", { ...base, ref: 5 }, "answers.ref"],
  ])("rejects %s with 400 validation_failed at %s", async (_, answers, path) => {
    const res = await respondent().post(responsesPath(form.slug), { answers });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it.each<[string, unknown, string]>([
    ["no answers field", {}, "answers"],
    ["answers that are a list", { answers: ["Bo"] }, "answers"],
    ["an answer that is an object", { answers: { ...base, bio: { text: "x" } } }, "answers.bio"],
    ["an unknown body field", { answers: base, extra: 1 }, "extra"],
    ["partial that is not a boolean", { answers: base, partial: "yes" }, "partial"],
  ])("rejects a body with %s (400 validation_failed at %s)", async (_, body, path) => {
    const res = await respondent().post(responsesPath(form.slug), body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("answers malformed JSON with 400 invalid_json and a non-JSON body with 415", async () => {
    const bad = await request("POST", responsesPath(form.slug), undefined, { raw: "{", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    const text = await request("POST", responsesPath(form.slug), undefined, { raw: "name=Bo", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(text.status).toBe(415);
  });

  it("stored nothing for any of the rejected submissions", async () => {
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([0, 0, 0]);
  });
});

describe("which form is answered", () => {
  it("answers 404 for an unknown slug, a never-published form and an unpublished one", async () => {
    const unknown = await respondent().post(responsesPath(`no-such-form-${Date.now()}`), { answers: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");

    const slug = `draft-only-${Date.now()}`;
    await owner.api.post("/api/forms", { title: "Draft only", slug });
    expect((await respondent().post(responsesPath(slug), { answers: {} })).status).toBe(404);
    expect((await request("GET", `/api/public/forms/${slug}`)).status).toBe(404);

    const form = await publishedForm(owner, simpleSchema);
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "a" } })).status).toBe(201);
    await owner.api.post(`/api/forms/${form.id}/unpublish`);
    const after = await respondent().post(responsesPath(form.slug), { answers: { q: "b" } });
    expect(after.status).toBe(404);
    expect((await request("GET", `/api/public/forms/${form.slug}`)).status).toBe(404);
    expect((await stored(form.id)).responses).toHaveLength(1);
  });

  it("validates against the latest PUBLISHED version: draft edits count only after publishing", async () => {
    const form = await publishedForm(owner, simpleSchema);
    const draft = await owner.api.put(`/api/forms/${form.id}/version/draft`, {
      ...simpleSchema,
      questions: [...simpleSchema.questions, { key: "extra", type: "rating", title: "New", scaleMin: 1, scaleMax: 5, required: true }],
    });
    expect(draft.status).toBe(200);

    const before = await respondent().post(responsesPath(form.slug), { answers: { q: "a", extra: 3 } });
    expect(before.status).toBe(400);
    expect(before.body.error.details[0].path).toBe("answers.extra");
    const shown = await request("GET", `/api/public/forms/${form.slug}`);
    expect(shown.body.form.version).toBe(1);
    expect(shown.body.form.questions.map((q: { key: string }) => q.key)).toEqual(["q"]);

    await owner.api.post(`/api/forms/${form.id}/publish`);
    const missing = await respondent().post(responsesPath(form.slug), { answers: { q: "a" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe("answers.extra");
    const after = await respondent().post(responsesPath(form.slug), { answers: { q: "a", extra: 3 } });
    expect(after.status).toBe(201);
    const { responses } = await stored(form.id);
    const versions = await owner.api.get(`/api/forms/${form.id}`);
    expect(versions.body.form.published.version).toBe(2);
    expect(JSON.parse(responses[0].answers)).toEqual({ q: "a", extra: 3 });
    expect((await request("GET", `/api/public/forms/${form.slug}`)).body.form.version).toBe(2);
  });
});

describe("GET /api/public/forms/:slug", () => {
  it("serves the published schema and availability, never owner data", async () => {
    const form = await publishedForm(owner, everyTypeSchema, { maxResponses: 10, limitOnePerPerson: true });
    const res = await request("GET", `/api/public/forms/${form.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(res.body.form).sort()).toEqual(
      [
        "availability", "description", "endAt", "language", "languages", "mode", "questions", "respondentLanguage", "slug", "startAt",
        "startToken", "thankYouMessage", "theme", "title", "translations", "version",
      ],
    );
    expect(res.body.form).toMatchObject({
      slug: form.slug, title: "Every type", description: "All the question types", mode: "classic",
      thankYouMessage: "Thanks!", theme: null, version: 1, availability: "open", startAt: null, endAt: null,
    });
    expect(res.body.form.questions).toEqual((await owner.api.get(`/api/forms/${form.id}`)).body.form.published.questions);
    expect(res.body.form.startToken).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(res.text).not.toContain(owner.userId);
    expect(res.text).not.toContain(form.id);
  });

  it("says already_responded to someone who answered a one-per-person form", async () => {
    const form = await publishedForm(owner, simpleSchema, { limitOnePerPerson: true });
    const person = respondent();
    expect((await person.get(`/api/public/forms/${form.slug}`)).body.form.availability).toBe("open");
    expect((await person.post(responsesPath(form.slug), { answers: { q: "a" } })).status).toBe(201);
    expect((await person.get(`/api/public/forms/${form.slug}`)).body.form.availability).toBe("already_responded");
    expect((await respondent().get(`/api/public/forms/${form.slug}`)).body.form.availability).toBe("open");
  });
});

describe("availability, enforced at submission", () => {
  const future = () => new Date(Date.now() + 3_600_000).toISOString();
  const past = (ms = 3_600_000) => new Date(Date.now() - ms).toISOString();

  it("refuses before startAt with 409 form_not_open and stores nothing", async () => {
    const form = await publishedForm(owner, simpleSchema, { startAt: future() });
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "a" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("form_not_open");
    expect((await request("GET", `/api/public/forms/${form.slug}`)).body.form.availability).toBe("not_open");
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([0, 0, 0]);
  });

  it("refuses from endAt on with 409 form_closed, and takes responses again when endAt moves", async () => {
    const form = await publishedForm(owner, simpleSchema, { startAt: past(7_200_000), endAt: past() });
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "a" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("form_closed");
    expect((await request("GET", `/api/public/forms/${form.slug}`)).body.form.availability).toBe("closed");
    expect((await stored(form.id)).responses).toHaveLength(0);

    await owner.api.patch(`/api/forms/${form.id}`, { endAt: future() });
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "a" } })).status).toBe(201);
  });

  it("refuses past maxResponses with 409 form_full and leaves no Response or Answer row", async () => {
    const form = await publishedForm(owner, simpleSchema, { maxResponses: 2 });
    for (const q of ["a", "b"]) expect((await respondent().post(responsesPath(form.slug), { answers: { q } })).status).toBe(201);
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "c" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("form_full");
    expect((await request("GET", `/api/public/forms/${form.slug}`)).body.form.availability).toBe("full");
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([2, 2, 2]);
    expect(answers.map((a) => a.valueText).sort()).toEqual(["a", "b"]);
  });

  it("stores exactly maxResponses of 30 concurrent submissions; the rest get 409 form_full", async () => {
    const form = await publishedForm(owner, everyTypeSchema, { maxResponses: 5 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => respondent().post(responsesPath(form.slug), { answers: { ...everyTypeAnswers, name: `P${i}` } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === "form_full")).toBe(true);

    const detail = await owner.api.get(`/api/forms/${form.id}`);
    expect(detail.body.form.responseCount).toBe(5);
    const { responses, answers, responseCount } = await stored(form.id);
    expect(responseCount).toBe(5);
    expect(responses).toHaveLength(5);
    expect(responses.every((r) => r.finished)).toBe(true);
    expect(new Set(responses.map((r) => r.id))).toEqual(new Set(results.filter((r) => r.status === 201).map((r) => r.body.response.id)));
    // 15 rows per response (14 questions answered, two toppings, no statement).
    expect(answers).toHaveLength(5 * 15);
  });

  it("counts the responses taken without a cap when one is set (exact), after deletions too, and again when it is removed", async () => {
    // On PostgreSQL a form without a cap counts in shards (lib/forms/response-count.ts): setting the cap must fold them in.
    const form = await publishedForm(owner, simpleSchema);
    const post = (q: string) => respondent().post(responsesPath(form.slug), { answers: { q } });
    const total = async () => (await owner.api.get(`/api/forms/${form.id}`)).body.form.responseCount;
    const uncapped = await Promise.all(Array.from({ length: 6 }, (_, i) => post(`u${i}`)));
    expect(uncapped.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(await owner.api.delete(`/api/forms/${form.id}/responses/${uncapped[0].body.response.id}`)).toMatchObject({ status: 204 });
    expect([await total(), (await stored(form.id)).responseCount]).toEqual([5, 5]);

    expect((await owner.api.patch(`/api/forms/${form.id}`, { maxResponses: 8 })).status).toBe(200);
    const capped = await Promise.all(Array.from({ length: 10 }, (_, i) => post(`c${i}`)));
    expect(capped.filter((r) => r.status === 201)).toHaveLength(3);
    expect(capped.filter((r) => r.status === 409).every((r) => r.body.error.code === "form_full")).toBe(true);
    expect([await total(), (await stored(form.id)).responses.length]).toEqual([8, 8]);
    // A deletion frees exactly one place.
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${uncapped[1].body.response.id}`)).status).toBe(204);
    const again = await Promise.all(Array.from({ length: 4 }, (_, i) => post(`a${i}`)));
    expect(again.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await total()).toBe(8);

    expect((await owner.api.patch(`/api/forms/${form.id}`, { maxResponses: null })).status).toBe(200);
    const open = await Promise.all(Array.from({ length: 3 }, (_, i) => post(`o${i}`)));
    expect(open.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${open[0].body.response.id}`)).status).toBe(204);
    const { responses, responseCount } = await stored(form.id);
    expect([await total(), responseCount, responses.filter((r) => r.finished).length]).toEqual([10, 10, 10]);
  });
});

describe("one response per person", () => {
  it("keys a person by the fl_rid cookie: the same cookie gets 409 already_responded, another cookie answers", async () => {
    const form = await publishedForm(owner, simpleSchema, { limitOnePerPerson: true });
    const person = respondent();
    expect((await person.post(responsesPath(form.slug), { answers: { q: "a" } })).status).toBe(201);
    const again = await person.post(responsesPath(form.slug), { answers: { q: "b" } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_responded");
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "c" } })).status).toBe(201);
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([2, 2, 2]);
    expect(responses.every((r) => r.onePerPerson === r.personKey)).toBe(true);
  });

  it("falls back to IP + user agent without a cookie, and sends a cookie to keep", async () => {
    const form = await publishedForm(owner, simpleSchema, { limitOnePerPerson: true });
    const agent = `vitest-fallback-${Date.now()}`;
    const first = await respondent({ cookie: false, userAgent: agent }).post(responsesPath(form.slug), { answers: { q: "a" } });
    expect(first.status).toBe(201);
    expect(first.headers.get("set-cookie")).toMatch(/^fl_rid=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const again = await respondent({ cookie: false, userAgent: agent }).post(responsesPath(form.slug), { answers: { q: "b" } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_responded");
    expect((await respondent({ cookie: false, userAgent: `${agent}-other` }).post(responsesPath(form.slug), { answers: { q: "c" } })).status).toBe(201);
    expect((await stored(form.id)).responseCount).toBe(2);
  });

  it("stays exact under 10 concurrent submissions of one person", async () => {
    const form = await publishedForm(owner, simpleSchema, { limitOnePerPerson: true });
    const person = respondent();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => person.post(responsesPath(form.slug), { answers: { q: `v${i}` } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === "already_responded")).toHaveLength(9);
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([1, 1, 1]);
  });
});
