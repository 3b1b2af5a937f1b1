import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, createOwner, type Owner } from "../helpers/api";
import { submit, view } from "../helpers/responses";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

describe("POST /api/forms", () => {
  it("creates a draft form with a null slug and answers 201 with id, title, slug, status only", async () => {
    const res = await owner.api.post("/api/forms", { title: "Team lunch" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.form).sort()).toEqual(["id", "slug", "status", "title"]);
    expect(res.body.form).toMatchObject({ title: "Team lunch", slug: null, status: "draft" });
  });

  it("keeps a given slug and refuses a taken one with 409 slug_taken", async () => {
    const slug = `lunch-${Date.now()}`;
    const first = await owner.api.post("/api/forms", { title: "A", slug });
    expect(first.body.form.slug).toBe(slug);
    const second = await owner.api.post("/api/forms", { title: "B", slug });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("slug_taken");
  });

  it.each([
    [{ title: "" }, "title"],
    [{ title: "x".repeat(121) }, "title"],
    [{}, "title"],
    [{ title: "ok", slug: "Not Valid" }, "slug"],
    [{ title: "ok", slug: "" }, "slug"],
    [{ title: "ok", extra: true }, "extra"],
  ])("rejects %j with 400 validation_failed naming %s", async (body, path) => {
    const res = await owner.api.post("/api/forms", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("accepts a title of exactly 120 characters", async () => {
    const res = await owner.api.post("/api/forms", { title: "y".repeat(120) });
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with 400 invalid_json and a non-JSON content type with 415", async () => {
    const bad = await owner.api.post("/api/forms", undefined, { raw: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    const form = await owner.api.post("/api/forms", undefined, { raw: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe("unsupported_media_type");
  });

  it("answers a body over 1 MiB with 413", async () => {
    const res = await owner.api.post("/api/forms", { title: "big", pad: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("authentication", () => {
  it("answers 401 without a key, with an unknown key and with a malformed header", async () => {
    for (const c of [client(), client("flk_unknown"), client("not-even-a-prefix")]) {
      const res = await c.get("/api/forms");
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
  });

  it("lets a read key read and answers 403 when it writes", async () => {
    expect((await owner.readApi.get("/api/forms")).status).toBe(200);
    const res = await owner.readApi.post("/api/forms", { title: "nope" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });
});

const rand = () => Math.random().toString(36).slice(2, 8);
const schemaWith = (title: string, questions: unknown[] = [{ key: "name", type: "short-text", title: "Your name" }]) => ({ title, mode: "classic", questions });

async function newForm(title = `Form ${rand()}`) {
  const res = await owner.api.post("/api/forms", { title });
  expect(res.status).toBe(201);
  return res.body.form.id as string;
}

describe("GET /api/forms", () => {
  it("lists the owner's forms with responseCount and ISO timestamps, most recently updated first", async () => {
    const fresh = await createOwner();
    const a = (await fresh.api.post("/api/forms", { title: "First" })).body.form.id;
    const b = (await fresh.api.post("/api/forms", { title: "Second" })).body.form.id;
    await fresh.api.patch(`/api/forms/${a}`, { title: "First, renamed" });
    const res = await fresh.readApi.get("/api/forms");
    expect(res.status).toBe(200);
    expect(res.body.forms.map((f: { id: string }) => f.id)).toEqual([a, b]);
    const item = res.body.forms[0];
    expect(Object.keys(item).sort()).toEqual(["createdAt", "id", "publicUrl", "responseCount", "slug", "status", "title", "updatedAt"]);
    expect(item).toMatchObject({ title: "First, renamed", slug: null, status: "draft", responseCount: 0, publicUrl: null });
    for (const field of ["createdAt", "updatedAt"]) expect(new Date(item[field]).toISOString()).toBe(item[field]);
    expect(item.updatedAt > item.createdAt).toBe(true);
  });

  it("counts finished responses only", async () => {
    const fresh = await createOwner();
    const { slug } = await publishedViaApi(fresh, `Counted ${rand()}`);
    await respond(slug);
    await respond(slug);
    await respond(slug, false);
    const item = (await fresh.api.get("/api/forms")).body.forms[0];
    expect(item.responseCount).toBe(2);
  });
});

describe("GET /api/forms/:id", () => {
  it("answers the detail: settings, draft and published (null before publishing)", async () => {
    const id = await newForm("Detail");
    const res = await owner.readApi.get(`/api/forms/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.form).sort()).toEqual([
      "allowedEmbedOrigins", "createdAt", "draft", "endAt", "id", "limitOnePerPerson", "maxResponses", "onePerPersonBy", "publicUrl", "published",
      "publishedAt", "responseCount", "slug", "startAt", "status", "title", "updatedAt",
    ]);
    expect(res.body.form).toMatchObject({
      id, title: "Detail", slug: null, status: "draft", startAt: null, endAt: null, maxResponses: null,
      limitOnePerPerson: false, onePerPersonBy: "browser", allowedEmbedOrigins: null, publishedAt: null, published: null,
      draft: { version: 1, title: "Detail", mode: "classic", questions: [] },
    });
  });

  it("answers 404 not_found for an unknown id", async () => {
    const res = await owner.api.get("/api/forms/01unknown");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

describe("PATCH /api/forms/:id", () => {
  it("changes every setting and answers the updated detail", async () => {
    const id = await newForm();
    const slug = `patched-${rand()}`;
    const res = await owner.api.patch(`/api/forms/${id}`, {
      title: "  Patched title  ",
      slug,
      startAt: "2030-01-01T09:00:00+02:00",
      endAt: "2030-02-01T00:00:00Z",
      maxResponses: 1_000_000_000,
      limitOnePerPerson: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({
      id, title: "Patched title", slug, status: "draft",
      startAt: "2030-01-01T07:00:00.000Z", endAt: "2030-02-01T00:00:00.000Z",
      maxResponses: 1_000_000_000, limitOnePerPerson: true,
    });
    // The form's title is the draft's title.
    expect(res.body.form.draft.title).toBe("Patched title");
    expect((await owner.api.get(`/api/forms/${id}`)).body.form).toMatchObject({ title: "Patched title", slug, maxResponses: 1_000_000_000 });

    const cleared = await owner.api.patch(`/api/forms/${id}`, { slug: null, startAt: null, endAt: null, maxResponses: null, limitOnePerPerson: false });
    expect(cleared.status).toBe(200);
    expect(cleared.body.form).toMatchObject({ slug: null, startAt: null, endAt: null, maxResponses: null, limitOnePerPerson: false });
  });

  it("changes only the fields sent", async () => {
    const id = await newForm("Partial");
    await owner.api.patch(`/api/forms/${id}`, { maxResponses: 7, startAt: "2030-01-01T00:00:00Z" });
    const res = await owner.api.patch(`/api/forms/${id}`, { limitOnePerPerson: true });
    expect(res.body.form).toMatchObject({ title: "Partial", maxResponses: 7, startAt: "2030-01-01T00:00:00.000Z", limitOnePerPerson: true });
  });

  it.each([
    [{}, ""],
    [{ title: "" }, "title"],
    [{ title: "x".repeat(121) }, "title"],
    [{ slug: "Upper" }, "slug"],
    [{ slug: "a".repeat(65) }, "slug"],
    [{ status: "archived" }, "status"],
    [{ startAt: "tomorrow" }, "startAt"],
    [{ startAt: "2030-01-01" }, "startAt"],
    [{ endAt: "2030-01-01T10:00:00" }, "endAt"],
    [{ endAt: 1893456000000 }, "endAt"],
    [{ maxResponses: 0 }, "maxResponses"],
    [{ maxResponses: -5 }, "maxResponses"],
    [{ maxResponses: 1.5 }, "maxResponses"],
    [{ maxResponses: 1_000_000_001 }, "maxResponses"],
    [{ maxResponses: "10" }, "maxResponses"],
    [{ limitOnePerPerson: "yes" }, "limitOnePerPerson"],
    [{ onePerPersonBy: "cookie" }, "onePerPersonBy"],
    [{ responseCount: 0 }, "responseCount"],
    [{ title: "ok", userId: "someone-else" }, "userId"],
  ])("rejects %j with 400 validation_failed naming %j and changes nothing", async (body, path) => {
    const id = await newForm("Unchanged");
    const before = (await owner.api.get(`/api/forms/${id}`)).body.form;
    const res = await owner.api.patch(`/api/forms/${id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await owner.api.get(`/api/forms/${id}`)).body.form).toEqual(before);
  });

  it("needs endAt after startAt, also against the stored value", async () => {
    const id = await newForm();
    const same = await owner.api.patch(`/api/forms/${id}`, { startAt: "2030-01-01T00:00:00Z", endAt: "2030-01-01T00:00:00Z" });
    expect(same.status).toBe(400);
    expect(same.body.error.details[0].path).toBe("endAt");
    const before = await owner.api.patch(`/api/forms/${id}`, { startAt: "2030-01-02T00:00:00Z", endAt: "2030-01-01T00:00:00Z" });
    expect(before.status).toBe(400);

    expect((await owner.api.patch(`/api/forms/${id}`, { startAt: "2030-01-01T00:00:00Z" })).status).toBe(200);
    const earlier = await owner.api.patch(`/api/forms/${id}`, { endAt: "2029-12-31T23:59:59Z" });
    expect(earlier.status).toBe(400);
    expect(earlier.body.error.code).toBe("validation_failed");
    expect((await owner.api.get(`/api/forms/${id}`)).body.form.endAt).toBeNull();
    expect((await owner.api.patch(`/api/forms/${id}`, { endAt: "2030-01-01T00:00:01Z" })).status).toBe(200);
  });

  it("refuses a slug another form holds with 409 slug_taken", async () => {
    const slug = `held-${rand()}`;
    await owner.api.post("/api/forms", { title: "Holder", slug });
    const id = await newForm();
    const res = await owner.api.patch(`/api/forms/${id}`, { slug });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("slug_taken");
    expect((await owner.api.get(`/api/forms/${id}`)).body.form.slug).toBeNull();
  });

  it("status published publishes, status draft unpublishes; a published form keeps its slug", async () => {
    const id = await newForm(`Via patch ${rand()}`);
    await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith(`Via patch ${rand()}`));
    const published = await owner.api.patch(`/api/forms/${id}`, { status: "published" });
    expect(published.status).toBe(200);
    expect(published.body.form.status).toBe("published");
    expect(published.body.form.published.version).toBe(1);
    expect(published.body.form.slug).toMatch(/^via-patch-/);

    const clear = await owner.api.patch(`/api/forms/${id}`, { slug: null });
    expect(clear.status).toBe(400);
    expect(clear.body.error.details[0].path).toBe("slug");

    const unpublished = await owner.api.patch(`/api/forms/${id}`, { status: "draft" });
    expect(unpublished.body.form).toMatchObject({ status: "draft", publicUrl: null });
    expect(unpublished.body.form.published.version).toBe(1);

    // status published on a form already published changes nothing (POST …/publish publishes draft edits).
    await owner.api.patch(`/api/forms/${id}`, { status: "published" });
    await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Edited later"));
    const again = await owner.api.patch(`/api/forms/${id}`, { status: "published" });
    expect(again.body.form.published).toMatchObject({ version: 2 });
    expect(again.body.form.draft).toMatchObject({ version: 3, title: "Edited later" });
    expect(again.body.form.published.title).not.toBe("Edited later");
  });

  it("unpublishes and clears the slug in one PATCH", async () => {
    const { id } = await publishedViaApi(owner, `Clear ${rand()}`);
    const res = await owner.api.patch(`/api/forms/${id}`, { status: "draft", slug: null });
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({ status: "draft", slug: null, publicUrl: null });
  });

  it("answers 404 for an unknown form", async () => {
    const res = await owner.api.patch("/api/forms/nope", { title: "x" });
    expect(res.status).toBe(404);
  });
});

/** A published form of `who`, through the API. */
async function publishedViaApi(who: Owner, title: string) {
  const id = (await who.api.post("/api/forms", { title })).body.form.id as string;
  expect((await who.api.put(`/api/forms/${id}/version/draft`, schemaWith(title))).status).toBe(200);
  const res = await who.api.post(`/api/forms/${id}/publish`);
  expect(res.status).toBe(200);
  return { id, slug: res.body.form.slug as string };
}

/** A response through the public endpoint (finished, or started with partial). */
const respond = (slug: string, finished = true) => submit(slug, { name: "Ada" }, { partial: !finished });

describe("PUT /api/forms/:id/version/draft", () => {
  it("replaces the draft and answers it with its version; the title follows", async () => {
    const id = await newForm("Before");
    const res = await owner.api.put(`/api/forms/${id}/version/draft`, {
      title: "After", description: "Hello", mode: "immersive", thankYouMessage: "Thanks!",
      questions: [{ key: "r", type: "rating", title: "Rate" }, { key: "src", type: "hidden" }],
    });
    expect(res.status).toBe(200);
    expect(res.body.draft).toEqual({
      version: 1, title: "After", description: "Hello", mode: "immersive", thankYouMessage: "Thanks!",
      questions: [{ key: "r", type: "rating", title: "Rate", scaleMin: 1, scaleMax: 5 }, { key: "src", type: "hidden" }],
    });
    const form = (await owner.api.get(`/api/forms/${id}`)).body.form;
    expect(form.title).toBe("After");
    expect(form.draft).toEqual(res.body.draft);
  });

  it("rejects an invalid schema with 400 and the question's path, keeping the old draft", async () => {
    const id = await newForm();
    await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Kept"));
    const res = await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Broken", [
      { key: "a", type: "single-choice", title: "Pick" },
    ]));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain("questions.0.options");
    expect((await owner.api.get(`/api/forms/${id}`)).body.form.draft.title).toBe("Kept");
  });

  it("answers 409 conflict when the sent version is not the draft's (someone published meanwhile)", async () => {
    const id = await newForm(`Versioned ${rand()}`);
    expect((await owner.api.put(`/api/forms/${id}/version/draft`, { ...schemaWith("V"), version: 1 })).status).toBe(200);
    await owner.api.post(`/api/forms/${id}/publish`);
    const stale = await owner.api.put(`/api/forms/${id}/version/draft`, { ...schemaWith("Stale"), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("conflict");
    expect((await owner.api.get(`/api/forms/${id}`)).body.form.draft).toMatchObject({ version: 2, title: "V" });
    const fresh = await owner.api.put(`/api/forms/${id}/version/draft`, { ...schemaWith("Fresh"), version: 2 });
    expect(fresh.status).toBe(200);
    expect(fresh.body.draft.version).toBe(2);
  });
});

describe("POST /api/forms/:id/publish", () => {
  it("assigns a slug from the title, and a suffixed one when it is taken", async () => {
    const base = `Team Lünch ${rand()}!`;
    const expected = base.toLowerCase().replace("ü", "u").replace(/[ !]+/g, "-").replace(/-$/, "");
    const first = await publishedViaApi(owner, base);
    expect(first.slug).toBe(expected);
    const second = await publishedViaApi(await createOwner(), base);
    expect(second.slug).toMatch(new RegExp(`^${expected}-[0-9a-z]{6}$`));
    const form = (await owner.api.get(`/api/forms/${first.id}`)).body.form;
    expect(form).toMatchObject({ status: "published", slug: expected, publicUrl: `/s/${expected}` });
    expect(new Date(form.publishedAt).toISOString()).toBe(form.publishedAt);
  });

  it("keeps a slug that was set", async () => {
    const slug = `chosen-${rand()}`;
    const id = (await owner.api.post("/api/forms", { title: "Whatever", slug })).body.form.id;
    await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Whatever"));
    const res = await owner.api.post(`/api/forms/${id}/publish`);
    expect(res.body.form.slug).toBe(slug);
  });

  it("refuses a draft with no question to answer (400), through PATCH too, changing nothing", async () => {
    const id = await newForm(`Empty ${rand()}`);
    for (const questions of [[], [{ key: "hi", type: "statement", title: "Hello" }, { key: "src", type: "hidden" }]]) {
      await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Empty", questions));
      const res = await owner.api.post(`/api/forms/${id}/publish`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_failed", details: [{ path: "questions" }] });
    }
    const before = (await owner.api.get(`/api/forms/${id}`)).body.form;
    const patched = await owner.api.patch(`/api/forms/${id}`, { status: "published", maxResponses: 3 });
    expect(patched.status).toBe(400);
    expect((await owner.api.get(`/api/forms/${id}`)).body.form).toEqual(before);
    expect(before).toMatchObject({ status: "draft", slug: null, published: null, maxResponses: null });
  });

  it("snapshots the draft: later draft edits stay out of `published` until the next publish", async () => {
    const { id } = await publishedViaApi(owner, `Snapshot ${rand()}`);
    let form = (await owner.api.get(`/api/forms/${id}`)).body.form;
    expect(form.published).toMatchObject({ version: 1, questions: [{ key: "name" }] });
    expect(form.draft.version).toBe(2);

    await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Edited", [{ key: "email", type: "email", title: "Email" }]));
    form = (await owner.api.get(`/api/forms/${id}`)).body.form;
    expect(form.published.questions.map((q: { key: string }) => q.key)).toEqual(["name"]);
    expect(form.draft.questions.map((q: { key: string }) => q.key)).toEqual(["email"]);

    const again = await owner.api.post(`/api/forms/${id}/publish`);
    expect(again.body.form.published).toMatchObject({ version: 2, title: "Edited", questions: [{ key: "email" }] });
    expect(again.body.form.draft.version).toBe(3);
    expect(await db.formVersion.count({ where: { formId: id } })).toBe(2);
    // Version 1 is immutable: still there, unchanged, for the responses given to it.
    const v1 = await db.formVersion.findFirstOrThrow({ where: { formId: id, version: 1 } });
    expect(JSON.parse(v1.schema).questions.map((q: { key: string }) => q.key)).toEqual(["name"]);
  });

  it("answers 404 for an unknown form", async () => {
    expect((await owner.api.post("/api/forms/nope/publish")).status).toBe(404);
  });
});

describe("POST /api/forms/:id/unpublish", () => {
  it("sets status draft and keeps slug, versions and responses", async () => {
    const { id, slug } = await publishedViaApi(owner, `Unpublish ${rand()}`);
    const responseId = await respond(slug);
    const res = await owner.api.post(`/api/forms/${id}/unpublish`);
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({ status: "draft", slug, publicUrl: null, responseCount: 1, published: { version: 1 } });
    expect(await db.response.count({ where: { id: responseId } })).toBe(1);
    // Unpublishing twice is harmless; publishing again makes version 2 at the same slug.
    expect((await owner.api.post(`/api/forms/${id}/unpublish`)).body.form.status).toBe("draft");
    const again = await owner.api.post(`/api/forms/${id}/publish`);
    expect(again.body.form).toMatchObject({ status: "published", slug, published: { version: 2 } });
  });
});

describe("DELETE /api/forms/:id", () => {
  it("answers 204, then 404; its versions, responses, views and counters are gone", async () => {
    const { id, slug } = await publishedViaApi(owner, `Doomed ${rand()}`);
    await respond(slug);
    await respond(slug, false);
    await view(slug);
    const res = await owner.api.delete(`/api/forms/${id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await owner.api.get(`/api/forms/${id}`)).status).toBe(404);
    expect((await owner.api.delete(`/api/forms/${id}`)).status).toBe(404);
    expect(await db.formVersion.count({ where: { formId: id } })).toBe(0);
    expect(await db.response.count({ where: { formId: id } })).toBe(0);
    expect(await db.answer.count({ where: { formId: id } })).toBe(0);
    expect(await db.answerStat.count({ where: { formId: id } })).toBe(0);
    expect(await db.formView.count({ where: { formId: id } })).toBe(0);
  });
});

describe("POST /api/forms/:id/duplicate", () => {
  it("copies draft and settings into a new draft form without slug or responses", async () => {
    const { id, slug } = await publishedViaApi(owner, `Original ${rand()}`);
    await owner.api.patch(`/api/forms/${id}`, { maxResponses: 50, limitOnePerPerson: true, endAt: "2031-01-01T00:00:00Z" });
    await owner.api.put(`/api/forms/${id}/version/draft`, schemaWith("Original draft", [{ key: "n", type: "nps", title: "NPS?" }]));
    await respond(slug);

    const res = await owner.api.post(`/api/forms/${id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body.form;
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({
      title: "Original draft (copy)", slug: null, status: "draft", responseCount: 0, publicUrl: null,
      maxResponses: 50, limitOnePerPerson: true, endAt: "2031-01-01T00:00:00.000Z", published: null, publishedAt: null,
      draft: { version: 1, title: "Original draft (copy)", mode: "classic", questions: [{ key: "n", type: "nps", title: "NPS?" }] },
    });
    expect((await owner.api.get(`/api/forms/${copy.id}`)).body.form).toEqual(copy);
    expect(await db.formVersion.count({ where: { formId: copy.id } })).toBe(0);
  });

  it("keeps the title within 120 characters", async () => {
    const id = await newForm("t".repeat(120));
    const res = await owner.api.post(`/api/forms/${id}/duplicate`);
    expect(res.body.form.title).toBe(`${"t".repeat(113)} (copy)`);
  });

  it("answers 404 for an unknown form and 403 for a read key", async () => {
    expect((await owner.api.post("/api/forms/nope/duplicate")).status).toBe(404);
    const id = await newForm();
    expect((await owner.readApi.post(`/api/forms/${id}/duplicate`)).status).toBe(403);
  });
});
