/**
 * One response per person over real HTTP, on SQLite and PostgreSQL: the
 * identity a cookie-less request is given is the one its next request is keyed
 * by; what the IP + user agent fallback still does; and onePerPersonBy
 * "email" / "hidden:<key>" through the same unique index, with partial
 * responses, the no-JavaScript post, caps and concurrency.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { issueStartToken, MIN_FILL_MS } from "@/lib/public/spam";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { TEST_AUTH_SECRET } from "../setup/server";
import { respondent, responsesPath, stored } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
  process.env.AUTH_SECRET = TEST_AUTH_SECRET; // start tokens minted here must verify on the server
});

const simple = { title: "Once", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] };
const withEmail = {
  title: "Per e-mail",
  questions: [
    { key: "q", type: "short-text", title: "Q", required: true },
    { key: "work", type: "email", title: "Work e-mail" },
    { key: "private", type: "email", title: "Private e-mail" },
  ],
};
const withInvite = {
  title: "Per invite",
  questions: [
    { key: "q", type: "short-text", title: "Q", required: true },
    { key: "invite", type: "hidden" },
  ],
};

const agent = () => `vitest-opp-${randomBytes(6).toString("hex")}`;
/** The fl_rid cookie a response set, as a Cookie header value. */
const ridOf = (res: { headers: Headers }) => /(?:^|, )(fl_rid=[A-Za-z0-9_-]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? null;
const post = (cookie: string | null, slug: string, body: unknown, userAgent = "vitest-opp") =>
  request("POST", responsesPath(slug), body, { headers: { "user-agent": userAgent, ...(cookie ? { cookie } : {}) } });

describe("browser: the identity minted for a cookie-less request keys the next one", () => {
  it("answers 409 to the second submission that sends the cookie the first one received", async () => {
    const form = await publishedForm(owner, simple, { limitOnePerPerson: true });
    const first = await post(null, form.slug, { answers: { q: "a" } }, agent());
    expect(first.status).toBe(201);
    const cookie = ridOf(first);
    expect(cookie).not.toBeNull();
    // Another address and browser: only the cookie says who this is.
    const again = await post(cookie, form.slug, { answers: { q: "b" } }, agent());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_responded");
    expect(again.headers.get("set-cookie")).toBeNull();
    const { responses, responseCount } = await stored(form.id);
    expect([responses.length, responseCount]).toEqual([1, 1]);
    // The public form says so to that cookie too.
    const state = await request("GET", `/api/public/forms/${form.slug}`, undefined, { headers: { cookie: cookie! } });
    expect(state.body.form.availability).toBe("already_responded");
  });

  it("lets the browser that started a partial response cookie-less resume and finish it with the cookie it got", async () => {
    const form = await publishedForm(owner, simple, { limitOnePerPerson: true });
    const started = await post(null, form.slug, { answers: {}, partial: true }, agent());
    expect(started.status).toBe(201);
    const cookie = ridOf(started)!;
    const resume = await request("GET", `${responsesPath(form.slug)}/current`, undefined, { headers: { cookie } });
    expect(resume.status).toBe(200);
    expect(resume.body.response.id).toBe(started.body.response.id);
    const done = await request("PATCH", `${responsesPath(form.slug)}/${started.body.response.id}`, { answers: { q: "x" } }, { headers: { cookie } });
    expect(done.status).toBe(200);
    expect(done.body.response.finished).toBe(true);
    expect((await post(cookie, form.slug, { answers: { q: "y" } })).status).toBe(409);
  });

  it("counts a view once for a browser that comes back with the cookie its first view set", async () => {
    const form = await publishedForm(owner, simple);
    const first = await request("POST", `/api/public/forms/${form.slug}/views`, undefined, { headers: { "user-agent": agent() } });
    expect(first.status).toBe(204);
    const again = await request("POST", `/api/public/forms/${form.slug}/views`, undefined, { headers: { cookie: ridOf(first)!, "user-agent": agent() } });
    expect(again.status).toBe(204);
    expect((await stored(form.id)).views).toBe(1);
  });

  it("keys cookie holders by their cookie only: colleagues behind one NAT with one browser build both answer", async () => {
    const form = await publishedForm(owner, simple, { limitOnePerPerson: true });
    const ua = agent();
    // A cookie-less client answers first, then two browsers with their own cookies, same address and user agent.
    expect((await respondent({ cookie: false, userAgent: ua }).post(responsesPath(form.slug), { answers: { q: "curl" } })).status).toBe(201);
    expect((await respondent({ userAgent: ua }).post(responsesPath(form.slug), { answers: { q: "a" } })).status).toBe(201);
    expect((await respondent({ userAgent: ua }).post(responsesPath(form.slug), { answers: { q: "b" } })).status).toBe(201);
    // The cookie-less fallback keeps refusing a client that never keeps cookies.
    const again = await respondent({ cookie: false, userAgent: ua }).post(responsesPath(form.slug), { answers: { q: "curl again" } });
    expect(again.status).toBe(409);
    const { responses } = await stored(form.id);
    expect(responses.filter((r) => r.onePerDevice !== null)).toHaveLength(1);
    expect(responses.every((r) => r.onePerPerson === r.personKey)).toBe(true);
  });

  it("stays exact for 10 concurrent cookie-less submissions from one address and browser", async () => {
    const form = await publishedForm(owner, simple, { limitOnePerPerson: true });
    const ua = agent();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(null, form.slug, { answers: { q: `v${i}` } }, ua)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === "already_responded")).toHaveLength(9);
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([1, 1, 1]);
  });
});

describe("onePerPersonBy: settings", () => {
  it("defaults to browser, is set by PATCH, shown by GET and copied by duplicate", async () => {
    const form = await publishedForm(owner, withInvite);
    expect((await owner.readApi.get(`/api/forms/${form.id}`)).body.form.onePerPersonBy).toBe("browser");
    const res = await owner.api.patch(`/api/forms/${form.id}`, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite" });
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({ limitOnePerPerson: true, onePerPersonBy: "hidden:invite" });
    expect((await owner.readApi.get(`/api/forms/${form.id}`)).body.form.onePerPersonBy).toBe("hidden:invite");
    expect((await owner.api.post(`/api/forms/${form.id}/duplicate`)).body.form.onePerPersonBy).toBe("hidden:invite");
  });

  it.each([
    ["phone", "onePerPersonBy"],
    ["hidden:", "onePerPersonBy"],
    ["hidden:1abc", "onePerPersonBy"],
    ["Email", "onePerPersonBy"],
  ])("refuses onePerPersonBy %j with 400 naming %s", async (value, path) => {
    const form = await publishedForm(owner, withInvite);
    const res = await owner.api.patch(`/api/forms/${form.id}`, { onePerPersonBy: value });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it.each([
    ["email", simple, 'needs an "email" question'],
    ["hidden:nope", withInvite, 'no hidden field "nope"'],
    ["hidden:q", withInvite, 'no hidden field "q"'], // q exists, but is no hidden field
  ])("refuses %j at PATCH when the published form lacks what it reads, and changes nothing", async (by, schema, message) => {
    const form = await publishedForm(owner, schema);
    const res = await owner.api.patch(`/api/forms/${form.id}`, { limitOnePerPerson: true, onePerPersonBy: by });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: "onePerPersonBy", message: expect.stringContaining(message) }]);
    expect((await owner.readApi.get(`/api/forms/${form.id}`)).body.form).toMatchObject({ limitOnePerPerson: false, onePerPersonBy: "browser" });
    // With the limit off the setting is only stored: it is checked when the limit is turned on.
    expect((await owner.api.patch(`/api/forms/${form.id}`, { onePerPersonBy: by })).status).toBe(200);
    expect((await owner.api.patch(`/api/forms/${form.id}`, { limitOnePerPerson: true })).status).toBe(400);
  });

  it("refuses to publish a draft that dropped the hidden field the setting reads", async () => {
    const form = await publishedForm(owner, withInvite, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite" });
    expect((await owner.api.put(`/api/forms/${form.id}/version/draft`, simple)).status).toBe(200);
    const res = await owner.api.post(`/api/forms/${form.id}/publish`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("onePerPersonBy");
    const detail = (await owner.readApi.get(`/api/forms/${form.id}`)).body.form;
    expect(detail.published.version).toBe(1);
    // Turning the limit off (or choosing another basis) lets it publish.
    const republished = await owner.api.patch(`/api/forms/${form.id}`, { onePerPersonBy: "browser" });
    expect(republished.status).toBe(200);
    expect((await owner.api.post(`/api/forms/${form.id}/publish`)).status).toBe(200);
  });
});

describe("onePerPersonBy: email", () => {
  it("takes one response per address of the first email question, case-insensitive, hashed", async () => {
    const form = await publishedForm(owner, withEmail, { limitOnePerPerson: true, onePerPersonBy: "email" });
    const person = respondent();
    expect((await person.post(responsesPath(form.slug), { answers: { q: "a", work: "Ada@Example.com" } })).status).toBe(201);
    // Another browser, the same address written differently.
    const again = await respondent().post(responsesPath(form.slug), { answers: { q: "b", work: "ADA@example.COM" } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_responded");
    // The second email question does not identify anyone.
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "c", work: "ada@example.com", private: "x@example.com" } })).status).toBe(409);
    // The same browser with another address is another person.
    expect((await person.post(responsesPath(form.slug), { answers: { q: "d", work: "grace@example.com" } })).status).toBe(201);
    const { responses, responseCount } = await stored(form.id);
    expect(responseCount).toBe(2);
    for (const r of responses) {
      expect(r.onePerPerson).toMatch(/^[0-9a-f]{64}$/);
      expect(r.onePerPerson).not.toBe(r.personKey);
      expect(r.onePerDevice).toBeNull();
    }
    expect(new Set(responses.map((r) => r.onePerPerson)).size).toBe(2);
  });

  it("demands the address when finishing: 400 naming the field, nothing stored", async () => {
    const form = await publishedForm(owner, withEmail, { limitOnePerPerson: true, onePerPersonBy: "email" });
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "a", private: "p@example.com" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details).toEqual([{ path: "answers.work", message: expect.stringContaining("one response per address") }]);
    expect((await stored(form.id)).responses).toHaveLength(0);
  });

  it("lets a partial response start without the address, and applies it when finishing", async () => {
    const form = await publishedForm(owner, withEmail, { limitOnePerPerson: true, onePerPersonBy: "email" });
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "first", work: "taken@example.com" } })).status).toBe(201);
    const person = respondent();
    const started = await person.post(responsesPath(form.slug), { answers: { q: "draft" }, partial: true });
    expect(started.status).toBe(201);
    const url = `${responsesPath(form.slug)}/${started.body.response.id}`;
    expect((await person.patch(url, { answers: {}, partial: true })).status).toBe(200);
    const missing = await person.patch(url, { answers: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe("answers.work");
    const taken = await person.patch(url, { answers: { work: "TAKEN@example.com" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("already_responded");
    const done = await person.patch(url, { answers: { work: "free@example.com" } });
    expect(done.status).toBe(200);
    expect(done.body.response.finished).toBe(true);
    // Starting with an address that already answered is refused at once.
    const early = await respondent().post(responsesPath(form.slug), { answers: { work: "free@example.com" }, partial: true });
    expect(early.status).toBe(409);
    expect((await stored(form.id)).responseCount).toBe(2);
  });

  it("stays exact under 10 concurrent submissions of one address from 10 browsers", async () => {
    const form = await publishedForm(owner, withEmail, { limitOnePerPerson: true, onePerPersonBy: "email" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => respondent().post(responsesPath(form.slug), { answers: { q: `v${i}`, work: i % 2 ? "same@example.com" : "SAME@example.com" } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === "already_responded")).toHaveLength(9);
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, responseCount]).toEqual([1, 1]);
    expect(answers).toHaveLength(2);
  });
});

describe("onePerPersonBy: hidden:<key>", () => {
  const invited = (invite: string, q = "a") => ({ answers: { q, invite } });

  it("takes one response per invite value (exact, not case-folded), from any browser", async () => {
    const form = await publishedForm(owner, withInvite, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite" });
    expect((await respondent().post(responsesPath(form.slug), invited("inv-1"))).status).toBe(201);
    const again = await respondent().post(responsesPath(form.slug), invited("inv-1", "b"));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_responded");
    expect((await respondent().post(responsesPath(form.slug), invited("INV-1"))).status).toBe(201);
    expect((await respondent().post(responsesPath(form.slug), invited("inv-2"))).status).toBe(201);
    const missing = await respondent().post(responsesPath(form.slug), { answers: { q: "no invite" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: "answers.invite", message: expect.stringContaining("link") }]);
    expect((await stored(form.id)).responseCount).toBe(3);
  });

  it("shows the page's notice to a link whose invite already answered, and the form to a new one", async () => {
    const form = await publishedForm(owner, withInvite, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite" });
    expect((await respondent().post(responsesPath(form.slug), invited("page-1"))).status).toBe(201);
    const used = await request("GET", `/s/${form.slug}?invite=page-1`);
    expect(used.status).toBe(200);
    // The notice, not the form (a form page carries the page's words, "already answered" among them, as data).
    expect(used.text).toContain('data-notice="already_responded"');
    expect(used.text).toContain("already answered this form");
    expect(used.text).not.toContain("<form");
    const fresh = await request("GET", `/s/${form.slug}?invite=page-2`);
    expect(fresh.text).not.toContain("data-notice=");
    expect(fresh.text).toContain('<form class="fl-r');
    expect(fresh.text).toContain('value="page-2"');
  });

  it("applies to the no-JavaScript post too, which also sets the respondent cookie", async () => {
    const form = await publishedForm(owner, withInvite, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite" });
    const postForm = (fields: [string, string][]) =>
      request("POST", `/s/${form.slug}/submit`, undefined, {
        raw: new URLSearchParams([["_start", issueStartToken(form.id, Date.now() - MIN_FILL_MS - 1_000)], ...fields]).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": agent() },
      });
    const first = await postForm([["q", "a"], ["invite", "post-1"]]);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/s/${form.slug}/thanks`);
    expect(ridOf(first)).not.toBeNull();
    const again = await postForm([["q", "b"], ["invite", "post-1"]]);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/s/${form.slug}`);
    const noInvite = await postForm([["q", "c"]]);
    expect(noInvite.headers.get("location")).toBe(`/s/${form.slug}`);
    expect((await stored(form.id)).responseCount).toBe(1);
  });

  it("keeps the cap and one-per-invite exact together under concurrency", async () => {
    const form = await publishedForm(owner, withInvite, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite", maxResponses: 3 });
    // 5 invites, each sent 4 times at once from different browsers: at most one per invite, at most 3 in all.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => respondent().post(responsesPath(form.slug), invited(`cap-${i % 5}`, `v${i}`))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.every((r) => r.status === 201 || (r.status === 409 && ["already_responded", "form_full"].includes(r.body.error.code)))).toBe(true);
    const { responses, responseCount } = await stored(form.id);
    expect([responses.length, responseCount]).toEqual([3, 3]);
    expect(new Set(responses.map((r) => JSON.parse(r.metadata).invite)).size).toBe(3);
  });

  it("applies a setting changed while respondents submit (no stale cached form)", async () => {
    const form = await publishedForm(owner, withInvite);
    expect((await respondent().post(responsesPath(form.slug), invited("late-1"))).status).toBe(201);
    expect((await owner.api.patch(`/api/forms/${form.id}`, { limitOnePerPerson: true, onePerPersonBy: "hidden:invite" })).status).toBe(200);
    // The earlier response counted for nothing; the next two with one invite count once.
    expect((await respondent().post(responsesPath(form.slug), invited("late-1"))).status).toBe(201);
    expect((await respondent().post(responsesPath(form.slug), invited("late-1"))).status).toBe(409);
  });
});
