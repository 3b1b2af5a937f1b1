/**
 * Embedding (docs/features/embeds-and-themes.md) over real HTTP: the per-form framing
 * policy (allowedEmbedOrigins: validated, stored, answered, duplicated) becomes
 * the public page's CSP frame-ancestors at once, on every page the form's
 * route serves; the dashboard stays unframable; /embed.js is served as a
 * cacheable script.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createOwner, publishedForm, type Owner } from "../helpers/api";
import { everyTypeSchema } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

const frameAncestors = async (path: string) => {
  const res = await fetch(baseUrl() + path, { redirect: "manual" });
  await res.arrayBuffer();
  const csps = res.headers.get("content-security-policy") ?? "";
  // One policy only (the proxy leaves the form page's to its route).
  expect(csps.match(/frame-ancestors/g)?.length, csps).toBe(1);
  return /frame-ancestors ([^;]+)/.exec(csps)![1].trim();
};

describe("allowedEmbedOrigins", () => {
  it("defaults to null (any site); a list narrows frame-ancestors to it and Formloom itself, at once; null opens it again", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    expect((await owner.api.get(`/api/forms/${form.id}`)).body.form.allowedEmbedOrigins).toBeNull();
    expect(await frameAncestors(`/s/${form.slug}`)).toBe("*");

    const list = ["https://shop.example.com", "http://localhost:8080", "https://*.example.org", "http://[::1]:3000"];
    const patched = await owner.api.patch(`/api/forms/${form.id}`, { allowedEmbedOrigins: list });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.form.allowedEmbedOrigins).toEqual(list);
    expect((await owner.readApi.get(`/api/forms/${form.id}`)).body.form.allowedEmbedOrigins).toEqual(list);
    // No publish needed: the page's very next answer carries it.
    expect(await frameAncestors(`/s/${form.slug}`)).toBe(`'self' ${list.join(" ")}`);

    expect((await owner.api.patch(`/api/forms/${form.id}`, { allowedEmbedOrigins: [] })).status).toBe(200);
    expect(await frameAncestors(`/s/${form.slug}`)).toBe("'self'");

    expect((await owner.api.patch(`/api/forms/${form.id}`, { allowedEmbedOrigins: null })).body.form.allowedEmbedOrigins).toBeNull();
    expect(await frameAncestors(`/s/${form.slug}`)).toBe("*");
  });

  it("the form's notices (closed, full) carry its list too; the dashboard is framed by nobody whatever the list", async () => {
    const form = await publishedForm(owner, everyTypeSchema, { allowedEmbedOrigins: ["https://shop.example.com"] });
    expect((await owner.api.patch(`/api/forms/${form.id}`, { endAt: new Date(Date.now() - 60_000).toISOString(), startAt: null })).status).toBe(200);
    const closed = await fetch(`${baseUrl()}/s/${form.slug}`);
    expect(await closed.text()).toContain("closed");
    expect(await frameAncestors(`/s/${form.slug}`)).toBe("'self' https://shop.example.com");
    // The form's builder page (a redirect to sign-in without a session) and the API.
    const builder = await fetch(`${baseUrl()}/forms/${form.id}`, { redirect: "manual" });
    expect(/frame-ancestors ([^;]+)/.exec(builder.headers.get("content-security-policy") ?? "")?.[1]).toBe("'none'");
    expect(builder.headers.get("x-frame-options")).toBe("DENY");
  });

  it("a duplicate keeps the list", async () => {
    const form = await publishedForm(owner, everyTypeSchema, { allowedEmbedOrigins: ["https://a.example"] });
    const copy = await owner.api.post(`/api/forms/${form.id}/duplicate`);
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.form.allowedEmbedOrigins).toEqual(["https://a.example"]);
  });

  it.each([
    [["https://example.com/"], "allowedEmbedOrigins.0", /e\.g\. https:\/\/example\.com$/],
    [["https://example.com/shop"], "allowedEmbedOrigins.0", /no path/],
    [["https://a.example", "example.com"], "allowedEmbedOrigins.1", /http\(s\) origin/],
    [["ftp://example.com"], "allowedEmbedOrigins.0", /http\(s\) origin/],
    [["https://EXAMPLE.com"], "allowedEmbedOrigins.0", /https:\/\/example\.com/],
    [["https://example.com:443"], "allowedEmbedOrigins.0", /https:\/\/example\.com$/],
    [["*"], "allowedEmbedOrigins.0", /http\(s\) origin/],
    [["https://*"], "allowedEmbedOrigins.0", /http\(s\) origin/],
    [["https://a.*.example.com"], "allowedEmbedOrigins.0", /http\(s\) origin|origin only/],
    [["https://*.10.0.0.1"], "allowedEmbedOrigins.0", /http\(s\) origin|domain name/],
    [["https://user@example.com"], "allowedEmbedOrigins.0", /origin only/],
    [["https://a.example", "https://a.example"], "allowedEmbedOrigins.1", /twice/],
    [["'self'"], "allowedEmbedOrigins.0", /http\(s\) origin/],
    [["https://a.example; script-src *"], "allowedEmbedOrigins.0", /./],
    [[1], "allowedEmbedOrigins.0", /./],
    ["https://a.example", "allowedEmbedOrigins", /./],
    [Array.from({ length: 51 }, (_, i) => `https://s${i}.example`), "allowedEmbedOrigins", /./],
  ])("refuses %j with 400 naming %s, and changes nothing", async (value, path, message) => {
    const form = await publishedForm(owner, everyTypeSchema, { allowedEmbedOrigins: ["https://kept.example"] });
    const res = await owner.api.patch(`/api/forms/${form.id}`, { allowedEmbedOrigins: value, maxResponses: 5 });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    const detail = res.body.error.details.find((d: { path: string }) => d.path === path);
    expect(detail, JSON.stringify(res.body.error.details)).toBeTruthy();
    expect(detail.message).toMatch(message);
    const after = (await owner.api.get(`/api/forms/${form.id}`)).body.form;
    expect(after.allowedEmbedOrigins).toEqual(["https://kept.example"]);
    expect(after.maxResponses).toBeNull();
    expect(await frameAncestors(`/s/${form.slug}`)).toBe("'self' https://kept.example");
  });
});

describe("/embed.js", () => {
  it("is served as JavaScript with an hour's caching and an ETag that revalidates to 304", async () => {
    const res = await fetch(`${baseUrl()}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await res.text();
    // The real script: it sets up [data-formloom] elements and posts nowhere but the frames it made.
    expect(body).toContain("data-formloom");
    expect(body).toContain("formloom:submit");
    expect(body.length).toBeLessThan(8 * 1024);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${baseUrl()}/embed.js`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
