/**
 * Spam basics of public submissions: a filled honeypot is answered like a
 * success and stores nothing; a too-fast finish is kept, held as suspected
 * spam (tests/integration/spam-hold.test.ts follows it to its restore); a
 * forged token is a 400; no token (direct API use) is accepted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { issueStartToken, MIN_FILL_MS } from "@/lib/public/spam";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { TEST_AUTH_SECRET } from "../setup/server";
import { respondent, responsesPath, stored } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
  // Tokens minted here must verify on the server, which signs with this secret.
  process.env.AUTH_SECRET = TEST_AUTH_SECRET;
});

const schema = { title: "Spam", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] };
const oldEnough = (formId: string) => issueStartToken(formId, Date.now() - MIN_FILL_MS - 2_000);

async function nothingStored(formId: string) {
  const { responses, answers, responseCount } = await stored(formId);
  expect([responses.length, answers.length, responseCount]).toEqual([0, 0, 0]);
}

describe("dropped and held submissions", () => {
  it("drops a filled honeypot: the usual 201, nothing stored, no counter change", async () => {
    const form = await publishedForm(owner, schema, { maxResponses: 1 });
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "buy pills" }, honeypot: "http://spam.example", startToken: oldEnough(form.id) });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({ id: expect.stringMatching(/^[0-9a-z]{26}$/), submittedAt: expect.any(String), finished: true, spam: { suspected: false, reasons: [] } });
    await nothingStored(form.id);
    // The cap is untouched: a real respondent still gets the one slot.
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "real" } })).status).toBe(201);
  });

  it("holds a submission finished sooner than the minimum fill time after the page's token: kept, counted nowhere", async () => {
    const form = await publishedForm(owner, schema);
    const { startToken } = (await request("GET", `/api/public/forms/${form.slug}`)).body.form;
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "fast" }, startToken });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ finished: true, spam: { suspected: true, reasons: ["too_fast"] } });
    const { responses, answers, responseCount } = await stored(form.id);
    expect(responses.map((r) => [r.id, r.finished, r.spamReasons])).toEqual([[res.body.response.id, false, '["too_fast"]']]);
    expect([answers.map((a) => a.finished), responseCount]).toEqual([[false], 0]);
  });

  it("holds a too-fast finish of a partial response, and a later finish cannot change it", async () => {
    const form = await publishedForm(owner, schema);
    const person = respondent();
    const startToken = issueStartToken(form.id);
    // Starting with the first answer right away is fine...
    const started = await person.post(responsesPath(form.slug), { answers: { q: "a" }, partial: true, startToken });
    expect(started.status).toBe(201);
    // ...finishing within the minimum fill time holds it.
    const done = await person.patch(`${responsesPath(form.slug)}/${started.body.response.id}`, { answers: {}, startToken });
    expect(done.status).toBe(200);
    expect(done.body.response).toMatchObject({ finished: true, spam: { suspected: true, reasons: ["too_fast"] } });
    const { responses, responseCount } = await stored(form.id);
    expect(responses.map((r) => [r.finished, r.submittedAt !== null])).toEqual([[false, true]]);
    expect(responseCount).toBe(0);
    const later = await person.patch(`${responsesPath(form.slug)}/${started.body.response.id}`, { answers: { q: "b" }, startToken: oldEnough(form.id) });
    expect([later.status, later.body.error?.code]).toEqual([409, "response_finished"]);
    expect((await stored(form.id)).responseCount).toBe(0);
  });
});

describe("accepted and refused tokens", () => {
  it("stores a submission with a token old enough, and one without a token", async () => {
    const form = await publishedForm(owner, schema);
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "human" }, startToken: oldEnough(form.id), honeypot: "" })).status).toBe(201);
    expect((await respondent().post(responsesPath(form.slug), { answers: { q: "api" } })).status).toBe(201);
    expect((await stored(form.id)).responseCount).toBe(2);
  });

  it.each<[string, (formId: string, otherId: string) => string]>([
    ["garbage", () => "not-a-token"],
    ["a tampered time", (id) => oldEnough(id).replace(/^[0-9a-z]+/, (t) => (parseInt(t, 36) - 60_000).toString(36))],
    ["a tampered signature", (id) => oldEnough(id).replace(/.$/, (c) => (c === "A" ? "B" : "A"))],
    ["another form's token", (_, other) => oldEnough(other)],
  ])("rejects %s with 400 validation_failed at startToken", async (_, make) => {
    const [form, other] = [await publishedForm(owner, schema), await publishedForm(owner, schema)];
    const res = await respondent().post(responsesPath(form.slug), { answers: { q: "x" }, startToken: make(form.id, other.id) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details[0].path).toBe("startToken");
    await nothingStored(form.id);
  });
});
