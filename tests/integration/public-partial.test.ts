/**
 * Partial responses over real HTTP: start (POST partial), update and finish
 * (PATCH), resume (GET current); only the same person may touch one; caps and
 * one-per-person count at finishing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, publishedForm, type Owner } from "../helpers/api";
import { db } from "@/lib/db/client";
import { respondent, responsesPath, stored } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

const schema = {
  title: "Partial",
  mode: "immersive",
  questions: [
    { key: "name", type: "short-text", title: "Name", required: true },
    { key: "stars", type: "rating", title: "Stars", scaleMin: 1, scaleMax: 5, required: true },
    { key: "tags", type: "multiple-choice", title: "Tags", options: ["a", "b", "c"] },
    { key: "ref", type: "hidden" },
  ],
};
const current = (slug: string) => `${responsesPath(slug)}/current`;

describe("a partial response from start to finish", () => {
  it("is not resumed once it has been left untouched for 7 days", async () => {
    const form = await publishedForm(owner, schema);
    const person = respondent();
    const started = await person.post(responsesPath(form.slug), { answers: { name: "Ada" }, partial: true });
    expect(started.status).toBe(201);
    expect((await person.get(current(form.slug))).status).toBe(200);
    await db.response.update({ where: { id: started.body.response.id }, data: { updatedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) } });
    const stale = await person.get(current(form.slug));
    expect(stale.status).toBe(404);
    expect(stale.body.error.code).toBe("not_found");
  });

  it("starts unfinished, merges updates, resumes, and finishes with full validation", async () => {
    const form = await publishedForm(owner, schema);
    const person = respondent();

    const started = await person.post(responsesPath(form.slug), { answers: { name: "Ada", ref: "mail" }, partial: true });
    expect(started.status).toBe(201);
    expect(started.body.response).toEqual({ id: expect.any(String), submittedAt: null, finished: false, spam: { suspected: false, reasons: [] } });
    const id = started.body.response.id;
    let db = await stored(form.id);
    expect(db.responses[0]).toMatchObject({ id, finished: false, submittedAt: null, submittedDay: null, onePerPerson: null });
    expect(db.answers.map((a) => [a.questionKey, a.valueText, a.finished]).sort()).toEqual([["name", "Ada", false], ["ref", "mail", false]]);
    expect(db.responseCount).toBe(0);

    const resumed = await person.get(current(form.slug));
    expect(resumed.status).toBe(200);
    expect(resumed.body.response).toMatchObject({ id, finished: false, answers: { name: "Ada" }, metadata: { ref: "mail" } });
    expect(Date.parse(resumed.body.response.startedAt)).not.toBeNaN();

    const updated = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { tags: ["a", "c"] }, partial: true });
    expect(updated.status).toBe(200);
    expect(updated.body.response).toEqual({ id, submittedAt: null, finished: false, spam: { suspected: false, reasons: [] } });
    expect((await person.get(current(form.slug))).body.response.answers).toEqual({ name: "Ada", tags: ["a", "c"] });

    const incomplete = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { tags: null } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.details.map((d: { path: string }) => d.path)).toEqual(["answers.stars"]);
    expect((await stored(form.id)).responses[0].finished).toBe(false);
    const search = async (term: string) => (await owner.api.get(`/api/forms/${form.id}/responses?search=${term}`)).body.pagination.total;
    expect(await search("ada")).toBe(0); // partial: not listed, not found

    const finished = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { stars: 5, tags: null } });
    expect(finished.status).toBe(200);
    expect(finished.body.response).toEqual({ id, submittedAt: expect.any(String), finished: true, spam: { suspected: false, reasons: [] } });
    db = await stored(form.id);
    expect(db.responseCount).toBe(1);
    expect(db.responses).toHaveLength(1);
    expect(db.responses[0]).toMatchObject({ finished: true, submittedDay: finished.body.response.submittedAt.slice(0, 10), searchText: "ada\n5" });
    expect(JSON.parse(db.responses[0].answers)).toEqual({ name: "Ada", stars: 5 });
    expect(JSON.parse(db.responses[0].metadata)).toEqual({ ref: "mail" });
    expect(db.answers.map((a) => [a.questionKey, a.valueText, a.valueNumber, a.finished]).sort()).toEqual([
      ["name", "Ada", null, true],
      ["ref", "mail", null, true],
      ["stars", null, 5, true],
    ]);
    expect((await owner.api.get(`/api/forms/${form.id}`)).body.form.responseCount).toBe(1);
    expect(await search("ada")).toBe(1); // finished: found by the text it was finished with
    expect((await person.get(current(form.slug))).status).toBe(404);

    // A resent finishing request answers the same again; any change is refused.
    const resent = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { stars: 5, tags: null } });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual(finished.body);
    const changed = await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { stars: 4 } });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe("response_finished");
    expect((await stored(form.id)).responseCount).toBe(1);
  });

  it("validates the values of a partial response but lets required ones wait", async () => {
    const form = await publishedForm(owner, schema);
    const person = respondent();
    const empty = await person.post(responsesPath(form.slug), { answers: {}, partial: true });
    expect(empty.status).toBe(201);
    const bad = await person.post(responsesPath(form.slug), { answers: { stars: 9 }, partial: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("answers.stars");
    const badUpdate = await person.patch(`${responsesPath(form.slug)}/${empty.body.response.id}`, { answers: { nope: 1 }, partial: true });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error.details[0].path).toBe("answers.nope");
    expect((await stored(form.id)).responses).toHaveLength(1);
  });

  it("keeps concurrent updates of one response: none is lost", async () => {
    const form = await publishedForm(owner, { ...schema, questions: Array.from({ length: 8 }, (_, i) => ({ key: `q${i}`, type: "short-text", title: `Q${i}` })) });
    const person = respondent();
    const { id } = (await person.post(responsesPath(form.slug), { answers: {}, partial: true })).body.response;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { [`q${i}`]: `v${i}` }, partial: true })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const { responses, answers } = await stored(form.id);
    expect(JSON.parse(responses[0].answers)).toEqual(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`q${i}`, `v${i}`])));
    expect(answers).toHaveLength(8);
  });
});

describe("who may touch a partial response", () => {
  it("answers 404 to another person's update and resume, and to an unknown id", async () => {
    const form = await publishedForm(owner, schema);
    const owner1 = respondent();
    const { id } = (await owner1.post(responsesPath(form.slug), { answers: { name: "Ada" }, partial: true })).body.response;
    const other = respondent();
    const res = await other.patch(`${responsesPath(form.slug)}/${id}`, { answers: { name: "Mallory", stars: 1 } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await other.get(current(form.slug))).status).toBe(404);
    expect((await owner1.patch(`${responsesPath(form.slug)}/01aaaaaaaaaaaaaaaaaaaaaaaa`, { answers: {} })).status).toBe(404);
    const { responses } = await stored(form.id);
    expect(JSON.parse(responses[0].answers)).toEqual({ name: "Ada" });
    expect(responses[0].finished).toBe(false);
  });

  it("never hands answers back to a respondent known only by IP + user agent", async () => {
    const form = await publishedForm(owner, schema);
    const agent = `vitest-no-cookie-${Date.now()}`;
    const started = await respondent({ cookie: false, userAgent: agent }).post(responsesPath(form.slug), { answers: { name: "Ada" }, partial: true });
    expect(started.status).toBe(201);
    const resume = await respondent({ cookie: false, userAgent: agent }).get(current(form.slug));
    expect(resume.status).toBe(404);
    expect(resume.text).not.toContain("Ada");
    // ...but the same API client may still finish it by id.
    const done = await respondent({ cookie: false, userAgent: agent }).patch(`${responsesPath(form.slug)}/${started.body.response.id}`, { answers: { stars: 2 } });
    expect(done.status).toBe(200);
    expect(done.body.response.finished).toBe(true);
  });
});

describe("caps and one-per-person count finished responses, at finishing", () => {
  it("lets several people start, but only maxResponses finish (409 form_full, the rest stay unfinished)", async () => {
    const form = await publishedForm(owner, schema, { maxResponses: 1 });
    const [a, b] = [respondent(), respondent()];
    const ra = (await a.post(responsesPath(form.slug), { answers: { name: "A" }, partial: true })).body.response.id;
    const rb = (await b.post(responsesPath(form.slug), { answers: { name: "B" }, partial: true })).body.response.id;
    expect((await stored(form.id)).responseCount).toBe(0);
    expect((await a.patch(`${responsesPath(form.slug)}/${ra}`, { answers: { stars: 3 } })).status).toBe(200);
    const late = await b.patch(`${responsesPath(form.slug)}/${rb}`, { answers: { stars: 4 } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("form_full");
    const { responses, answers, responseCount } = await stored(form.id);
    expect(responseCount).toBe(1);
    expect(responses.map((r) => [r.id, r.finished])).toEqual([[ra, true], [rb, false]]);
    // B's refused finish left B's partial answers as they were.
    expect(JSON.parse(responses[1].answers)).toEqual({ name: "B" });
    expect(answers.filter((x) => x.responseId === rb).map((x) => [x.questionKey, x.finished])).toEqual([["name", false]]);
    const fresh = await respondent().post(responsesPath(form.slug), { answers: {}, partial: true });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe("form_full");
  });

  it("refuses a second finished response of one person, and a new start after finishing", async () => {
    const form = await publishedForm(owner, schema, { limitOnePerPerson: true });
    const person = respondent();
    const first = (await person.post(responsesPath(form.slug), { answers: { name: "A" }, partial: true })).body.response.id;
    const second = (await person.post(responsesPath(form.slug), { answers: { name: "A2" }, partial: true })).body.response.id;
    expect((await person.patch(`${responsesPath(form.slug)}/${first}`, { answers: { stars: 1 } })).status).toBe(200);
    const dup = await person.patch(`${responsesPath(form.slug)}/${second}`, { answers: { stars: 2 } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("already_responded");
    const again = await person.post(responsesPath(form.slug), { answers: {}, partial: true });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_responded");
    const { responses, responseCount } = await stored(form.id);
    expect(responseCount).toBe(1);
    expect(responses.filter((r) => r.finished).map((r) => r.id)).toEqual([first]);
  });

  it("refuses to update a partial response once the form is unpublished (404)", async () => {
    const form = await publishedForm(owner, schema);
    const person = respondent();
    const { id } = (await person.post(responsesPath(form.slug), { answers: { name: "A" }, partial: true })).body.response;
    await owner.api.post(`/api/forms/${form.id}/unpublish`);
    expect((await person.patch(`${responsesPath(form.slug)}/${id}`, { answers: { stars: 1 } })).status).toBe(404);
    expect((await stored(form.id)).responses[0].finished).toBe(false);
  });
});
