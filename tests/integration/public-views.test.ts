/**
 * POST /api/public/forms/:slug/views: one view per person per form, the
 * respondent cookie, and the input rules.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { respondent, stored } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

const schema = { title: "Views", questions: [{ key: "q", type: "short-text", title: "Q" }] };
const viewsPath = (slug: string) => `/api/public/forms/${slug}/views`;

describe("POST /api/public/forms/:slug/views", () => {
  it("records one view per person, however often and however concurrently they open the form", async () => {
    const form = await publishedForm(owner, schema);
    const [a, b] = [respondent(), respondent()];
    const first = await a.post(viewsPath(form.slug));
    expect(first.status).toBe(204);
    expect(first.text).toBe("");
    expect(first.headers.get("set-cookie")).toBeNull(); // a already has its cookie
    const repeats = await Promise.all([a.post(viewsPath(form.slug)), a.post(viewsPath(form.slug), {}), b.post(viewsPath(form.slug)), b.post(viewsPath(form.slug))]);
    expect(repeats.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(await stored(form.id)).toMatchObject({ views: 2, viewCount: 2 });
    // Many people at once, each opening it twice: the counter takes each added view once, none lost.
    const crowd = Array.from({ length: 24 }, () => respondent());
    const opened = await Promise.all(crowd.flatMap((who) => [who.post(viewsPath(form.slug)), who.post(viewsPath(form.slug))]));
    expect(opened.every((r) => r.status === 204)).toBe(true);
    expect(await stored(form.id)).toMatchObject({ views: 26, viewCount: 26 });
  });

  it("sets the fl_rid cookie for a first-time visitor, keyed by that cookie from the first view on", async () => {
    const form = await publishedForm(owner, schema);
    const agent = `vitest-views-${Date.now()}`;
    const res = await respondent({ cookie: false, userAgent: agent }).post(viewsPath(form.slug));
    expect(res.status).toBe(204);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^fl_rid=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    // Coming back with it is the same visitor, whatever its address or browser now.
    const back = await request("POST", viewsPath(form.slug), undefined, { headers: { cookie: setCookie.split(";")[0], "user-agent": `${agent}-updated` } });
    expect(back.status).toBe(204);
    expect(await stored(form.id)).toMatchObject({ views: 1, viewCount: 1 });
  });

  it("records views of a closed or full form too, but 404s unknown and unpublished slugs", async () => {
    const closed = await publishedForm(owner, schema, { startAt: new Date(Date.now() - 7_200_000).toISOString(), endAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect((await respondent().post(viewsPath(closed.slug))).status).toBe(204);
    expect(await stored(closed.id)).toMatchObject({ views: 1, viewCount: 1 });
    expect((await respondent().post(viewsPath(`nope-${Date.now()}`))).status).toBe(404);
    await owner.api.post(`/api/forms/${closed.id}/unpublish`);
    const res = await respondent().post(viewsPath(closed.slug));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(await stored(closed.id)).toMatchObject({ views: 1, viewCount: 1 });
  });

  it("refuses a body other than nothing or {}", async () => {
    const form = await publishedForm(owner, schema);
    const res = await respondent().post(viewsPath(form.slug), { extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    const bad = await request("POST", viewsPath(form.slug), undefined, { raw: "{", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(await stored(form.id)).toMatchObject({ views: 0, viewCount: 0 });
  });
});
