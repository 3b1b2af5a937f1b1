/**
 * Idempotency-Key on POST /api/public/forms/:slug/responses: a resent
 * submission answers the first result (same status and body) and stores no
 * second row — sequentially and under concurrency.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, publishedForm, type Owner } from "../helpers/api";
import { respondent, responsesPath, stored } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

const schema = { title: "Retries", questions: [{ key: "q", type: "short-text", title: "Q", required: true }] };

describe("Idempotency-Key", () => {
  it("answers a resent submission with the first result and stores one row", async () => {
    const form = await publishedForm(owner, schema);
    const key = randomUUID();
    const person = respondent();
    const first = await person.post(responsesPath(form.slug), { answers: { q: "a" } }, { "idempotency-key": key });
    expect(first.status).toBe(201);
    await new Promise((r) => setTimeout(r, 20));
    const again = await respondent().post(responsesPath(form.slug), { answers: { q: "a" } }, { "idempotency-key": key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await person.post(responsesPath(form.slug), { answers: { q: "a" } }, { "idempotency-key": randomUUID() });
    expect(other.status).toBe(201);
    expect(other.body.response.id).not.toBe(first.body.response.id);
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([2, 2, 2]);
    expect(responses.find((r) => r.id === first.body.response.id)!.idempotencyKey).toBe(key);
  });

  it("stores one row for 10 concurrent requests with one key, all answered the same", async () => {
    const form = await publishedForm(owner, schema);
    const key = `order-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => respondent().post(responsesPath(form.slug), { answers: { q: "a" } }, { "idempotency-key": key })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const { responses, answers, responseCount } = await stored(form.id);
    expect([responses.length, answers.length, responseCount]).toEqual([1, 1, 1]);
    expect(responses[0].id).toBe(results[0].body.response.id);
  });

  it("replays a started partial response as it was answered then, even after it was finished", async () => {
    const form = await publishedForm(owner, schema);
    const key = randomUUID();
    const person = respondent();
    const started = await person.post(responsesPath(form.slug), { answers: {}, partial: true }, { "idempotency-key": key });
    expect(started.body.response).toEqual({ id: expect.any(String), submittedAt: null, finished: false, spam: { suspected: false, reasons: [] } });
    expect((await person.patch(`${responsesPath(form.slug)}/${started.body.response.id}`, { answers: { q: "x" } })).status).toBe(200);
    const again = await person.post(responsesPath(form.slug), { answers: {}, partial: true }, { "idempotency-key": key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(started.body);
    expect((await stored(form.id)).responses).toHaveLength(1);
  });

  it("keeps the key per form: the same key on another form is a new submission", async () => {
    const [a, b] = [await publishedForm(owner, schema), await publishedForm(owner, schema)];
    const key = randomUUID();
    const ra = await respondent().post(responsesPath(a.slug), { answers: { q: "a" } }, { "idempotency-key": key });
    const rb = await respondent().post(responsesPath(b.slug), { answers: { q: "b" } }, { "idempotency-key": key });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.response.id).not.toBe(rb.body.response.id);
  });

  it.each([["too long", "k".repeat(256)], ["with a space", "two words"], ["non-ASCII", "clé"]])(
    "rejects a key that is %s with 400",
    async (_, key) => {
      const form = await publishedForm(owner, schema);
      const res = await respondent().post(responsesPath(form.slug), { answers: { q: "a" } }, { "idempotency-key": key });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.details[0].path).toBe("headers.Idempotency-Key");
      expect((await stored(form.id)).responses).toHaveLength(0);
    },
  );
});
