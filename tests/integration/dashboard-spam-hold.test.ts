/**
 * What the dashboard shows of responses held as suspected spam, rendered by the
 * production server for a signed-in owner: the responses page offers the held
 * view with its count, the held view explains why and lists only held
 * responses, a held response's detail gives its reasons and the restore
 * button, and the analytics page says how many wait outside its figures.
 * Restoring (the API's PATCH) makes all of that go away.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { spamReasonText } from "@/lib/responses/spam-state";
import { baseUrl, createOwner, publishedForm, type Owner } from "../helpers/api";
import { sessionCookie } from "../helpers/session";

let owner: Owner;
let cookie: string;

const poll = { title: "Poll", questions: [{ key: "stars", type: "rating", title: "How was it?", required: true, scaleMin: 1, scaleMax: 5 }] };

beforeAll(async () => {
  owner = await createOwner();
  cookie = await sessionCookie(owner.email, owner.password);
}, 60_000);

/** The page's status, whether a server component threw, and its text without scripts or React's text-joining comments. */
async function page(path: string) {
  const res = await fetch(baseUrl() + path, { headers: { cookie }, redirect: "manual" });
  const text = await res.text();
  const html = text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");
  return { status: res.status, threw: /:E\{\\?"digest/.test(text), html };
}

/** A submission sent right after the page's start token was issued: held (too_fast). */
async function fastFill(slug: string, stars: number): Promise<string> {
  const opened = await fetch(`${baseUrl()}/api/public/forms/${slug}`);
  const { form } = (await opened.json()) as { form: { startToken: string } };
  const sent = await owner.api.post(`/api/public/forms/${slug}/responses`, { answers: { stars }, startToken: form.startToken });
  expect(sent.status).toBe(201);
  expect(sent.body.response.spam).toEqual({ suspected: true, reasons: ["too_fast"] });
  return sent.body.response.id as string;
}

/** A submission through the API without a start token: counted normally. */
async function counted(slug: string, stars: number): Promise<string> {
  const sent = await owner.api.post(`/api/public/forms/${slug}/responses`, { answers: { stars } });
  expect(sent.status).toBe(201);
  expect(sent.body.response.spam.suspected).toBe(false);
  return sent.body.response.id as string;
}

const rowOf = (id: string) => `data-response-id="${id}"`;
const heldLink = (formId: string, n: number) => new RegExp(`href="/forms/${formId}/responses\\?spam=only"[^>]*>${n} responses? held as suspected spam<`);

describe("held responses in the dashboard", () => {
  it("the responses page offers the held view; the held view and a held response's detail say why and offer the restore", async () => {
    const form = await publishedForm(owner, poll);
    const real = await counted(form.slug, 5);
    const held = await fastFill(form.slug, 1);
    const base = `/forms/${form.id}/responses`;

    const all = await page(base);
    expect([all.status, all.threw]).toEqual([200, false]);
    expect(all.html).toContain("Suspected spam (1)");
    expect(all.html).toContain(`href="${base}?spam=only"`);
    expect(all.html).toContain(">1 response<");
    expect([all.html.includes(rowOf(real)), all.html.includes(rowOf(held))]).toEqual([true, false]);
    expect(all.html).not.toContain("These responses are held as suspected spam");

    const only = await page(`${base}?spam=only`);
    expect([only.status, only.threw]).toEqual([200, false]);
    expect(only.html).toContain('aria-current="page" data-testid="held-view-link"');
    expect(only.html).toContain("These responses are held as suspected spam");
    expect(only.html).toContain(spamReasonText.too_fast);
    expect(only.html).toContain(">1 response held as suspected spam<");
    expect([only.html.includes(rowOf(real)), only.html.includes(rowOf(held))]).toEqual([false, true]);
    // The export button exports the view: the held responses.
    expect(only.html).toMatch(new RegExp(`/api/forms/${form.id}/responses/export\\?spam=only`));

    const detail = await page(`${base}?spam=only&response=${held}`);
    expect([detail.status, detail.threw]).toEqual([200, false]);
    expect(detail.html).toContain("Held as suspected spam.");
    expect(detail.html).toContain("Not spam: restore it");
    // A counted response's detail has neither.
    const realDetail = await page(`${base}?response=${real}`);
    expect(realDetail.html).toContain(`ID ${real}`);
    expect(realDetail.html).not.toContain("Not spam: restore it");
    expect(realDetail.html).not.toContain("Held as suspected spam.");

    expect((await owner.api.patch(`/api/forms/${form.id}/responses/${held}`, { spam: false })).status).toBe(200);
    const after = await page(base);
    expect(after.html).toContain(">2 responses<");
    expect(after.html).not.toContain("Suspected spam (");
    const emptyHeld = await page(`${base}?spam=only`);
    expect(emptyHeld.html).toContain("Suspected spam (0)");
    expect(emptyHeld.html).toContain("No responses held as suspected spam");
  });

  it("analytics say how many responses are held, with a link to them, and count them once restored", async () => {
    const form = await publishedForm(owner, poll);
    await counted(form.slug, 4);
    const held = [await fastFill(form.slug, 2), await fastFill(form.slug, 3)];
    const analytics = `/forms/${form.id}/analytics`;

    const before = await page(analytics);
    expect([before.status, before.threw]).toEqual([200, false]);
    expect(before.html).toMatch(heldLink(form.id, 2));
    expect((await owner.readApi.get(`/api/forms/${form.id}/analytics/summary`)).body.totalResponses).toBe(1);

    for (const id of held) expect((await owner.api.patch(`/api/forms/${form.id}/responses/${id}`, { spam: false })).status).toBe(200);
    const after = await page(analytics);
    expect(after.html).not.toMatch(/held as suspected spam/);
    expect((await owner.readApi.get(`/api/forms/${form.id}/analytics/summary`)).body.totalResponses).toBe(3);
  });

  it("a form whose every response is held does not read as having none", async () => {
    const form = await publishedForm(owner, poll);
    await fastFill(form.slug, 5);

    const responses = await page(`/forms/${form.id}/responses`);
    expect([responses.status, responses.threw]).toEqual([200, false]);
    expect(responses.html).toContain("Suspected spam (1)");
    expect(responses.html).toMatch(heldLink(form.id, 1));
    const analytics = await page(`/forms/${form.id}/analytics`);
    expect(analytics.html).toContain("No responses to analyse yet");
    expect(analytics.html).toMatch(heldLink(form.id, 1));
  });
});
