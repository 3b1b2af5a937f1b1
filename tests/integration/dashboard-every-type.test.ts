/**
 * The dashboard's pages for a form with every question type, rendered by the
 * production server for a signed-in owner: the builder, analytics, the
 * responses table and one response's detail. Each answers 200, streams no
 * server component error (React streams an `:E{"digest"…}` row when one
 * throws, and the page then shows its error boundary) and shows, outside its
 * scripts, the questions it is about.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { answerColumns } from "@/lib/responses/view-model";
import type { FormSchema } from "@/lib/schema/form-schema";
import { createEveryTypeForm, everyTypePages, type EveryTypeForm } from "../fixtures/every-type";
import { baseUrl, createOwner, type Owner } from "../helpers/api";
import { sessionCookie } from "../helpers/session";

let owner: Owner;
let form: EveryTypeForm;
let cookie: string;

beforeAll(async () => {
  owner = await createOwner();
  form = await createEveryTypeForm({ base: baseUrl(), ownerHeaders: { authorization: `Bearer ${owner.writeKey}` } });
  cookie = await sessionCookie(owner.email, owner.password);
}, 60_000);

/** The page's status, whether a server component threw, and its markup without scripts (the streamed data repeats the titles). */
async function page(path: string) {
  const res = await fetch(baseUrl() + path, { headers: { cookie }, redirect: "manual" });
  const text = await res.text();
  return { status: res.status, threw: /:E\{\\?"digest/.test(text), html: text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "") };
}

/** Titles as the HTML carries them (the fixture's titles need no escaping, but say so if that changes). */
const inHtml = (title: string) => {
  expect(title).toMatch(/^[\w .-]+$/);
  return title;
};

describe("dashboard pages of a form with every question type", () => {
  it("the builder renders every question", async () => {
    const { status, threw, html } = await page(everyTypePages(form).builder);
    expect(status).toBe(200);
    expect(threw).toBe(false);
    for (const q of form.questions) expect(html, q.type).toContain(inHtml(q.title));
  });

  it("analytics renders every question the summary reports, and the summary reports every answer", async () => {
    const summary = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.totalResponses).toBe(1);
    const reported = summary.body.questions as { key: string; title: string; responses: number }[];
    // Every type but the one without answers has a card, and each counts the response.
    const answerable = form.questions.filter((q) => q.type !== "statement");
    expect(reported.map((q) => q.key).sort()).toEqual(answerable.map((q) => q.key).sort());
    for (const q of reported) expect(q.responses, q.key).toBe(1);

    const { status, threw, html } = await page(everyTypePages(form).analytics);
    expect(status).toBe(200);
    expect(threw).toBe(false);
    for (const q of reported) expect(html, q.key).toContain(inHtml(q.title));
  });

  it("the responses table and a response's detail render every answer column", async () => {
    const draft = await owner.readApi.get(`/api/forms/${form.id}`);
    expect(draft.status).toBe(200);
    const columns = answerColumns(draft.body.form.published as FormSchema);
    expect(columns.length).toBeGreaterThan(0);
    for (const path of [everyTypePages(form).responses, everyTypePages(form).detail]) {
      const { status, threw, html } = await page(path);
      expect(status, path).toBe(200);
      expect(threw, path).toBe(false);
      for (const q of columns) expect(html, `${path} ${q.key}`).toContain(inHtml(q.title!));
    }
    // The detail is the one response's panel.
    expect((await page(everyTypePages(form).detail)).html).toContain(form.responseId);
  });
});
