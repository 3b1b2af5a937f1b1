/**
 * Security headers over real HTTP on every kind of response: dashboard and
 * auth pages (a nonce CSP, framed by nobody), the public form and its thanks
 * page (framable by any site, no referrer to other sites), API answers
 * (nosniff, a CSP that lets nothing run), and the 404 page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createOwner, publishedForm, type Owner } from "../helpers/api";
import { sessionCookie } from "../helpers/session";
import { everyTypeSchema } from "./public-helpers";

let owner: Owner;
let form: { id: string; slug: string };
let cookie: string;
beforeAll(async () => {
  owner = await createOwner();
  form = await publishedForm(owner, everyTypeSchema);
  cookie = await sessionCookie(owner.email, owner.password);
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl() + path, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string> {
  expect(csp, "Content-Security-Policy header").toBeTruthy();
  return new Map(csp!.split(";").map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0], d.slice(d.split(/\s+/)[0].length).trim()]));
}

function expectEverywhereHeaders(headers: Headers, referrer = "strict-origin-when-cross-origin") {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe(referrer);
  expect(headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
}

/** A page's CSP: a nonce-only script-src that every <script> of the HTML carries. Returns the nonce. */
function expectNonceCsp(page: { headers: Headers; text: string }): string {
  const csp = directives(page.headers.get("content-security-policy"));
  const nonce = /'nonce-([^']+)'/.exec(csp.get("script-src") ?? "")?.[1];
  expect(nonce, csp.get("script-src")).toBeTruthy();
  expect(csp.get("script-src")).not.toContain("unsafe-inline");
  expect(csp.get("script-src")).not.toContain("unsafe-eval");
  expect(csp.get("style-src")).toBe(`'self' 'nonce-${nonce}'`);
  expect(csp.get("object-src")).toBe("'none'");
  expect(csp.get("base-uri")).toBe("'none'");
  const scripts = page.text.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  for (const tag of page.text.match(/<style\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce!;
}

describe("security headers", () => {
  it("dashboard pages: a fresh nonce per request, framed by nobody", async () => {
    const seen = new Set<string>();
    for (const path of ["/forms", `/forms/${form.id}`, `/forms/${form.id}/responses`, `/forms/${form.id}/analytics`, "/keys", "/forms"]) {
      const page = await get(path, { cookie });
      expect(page.status, path).toBe(200);
      seen.add(expectNonceCsp(page));
      expect(directives(page.headers.get("content-security-policy")).get("frame-ancestors")).toBe("'none'");
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      expectEverywhereHeaders(page.headers);
    }
    expect(seen.size).toBe(6);
  });

  it("auth pages and the 404 page: framed by nobody", async () => {
    for (const [path, status] of [["/login", 200], ["/login?callbackUrl=%2Fkeys", 200], ["/no-such-page", 404]] as const) {
      const page = await get(path);
      expect(page.status, path).toBe(status);
      expectNonceCsp(page);
      expect(directives(page.headers.get("content-security-policy")).get("frame-ancestors")).toBe("'none'");
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      expectEverywhereHeaders(page.headers);
    }
    // Redirects carry them too (/setup → /login once an owner exists).
    const redirect = await get("/setup");
    expect(redirect.status).toBe(307);
    expect(directives(redirect.headers.get("content-security-policy")).get("frame-ancestors")).toBe("'none'");
    expectEverywhereHeaders(redirect.headers);
  });

  it("the public form and its thanks page: any site may frame them; other sites get no referrer", async () => {
    for (const path of [`/s/${form.slug}`, `/s/${form.slug}/thanks`]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expectNonceCsp(page);
      const csp = directives(page.headers.get("content-security-policy"));
      expect(csp.get("frame-ancestors")).toBe("*");
      expect(csp.get("form-action")).toBe("'self'");
      expect(page.headers.get("x-frame-options")).toBeNull();
      expectEverywhereHeaders(page.headers, "same-origin");
    }
  });

  it("API answers (success, error, next-auth, public, the no-JavaScript post): nosniff and a CSP that lets nothing run", async () => {
    const answers = [
      await get("/api/health"),
      await get("/api/forms"), // 401
      await get("/api/forms", { authorization: `Bearer ${owner.readKey}` }),
      await get(`/api/public/forms/${form.slug}`),
      await get("/api/auth/csrf"),
      await get("/api/openapi.json"),
    ];
    const post = await fetch(`${baseUrl()}/s/${form.slug}/submit`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "x=1", redirect: "manual" });
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 200, 200, 200]);
    for (const answer of answers) {
      expectEverywhereHeaders(answer.headers);
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
    }
    expect(post.headers.get("x-content-type-options")).toBe("nosniff");
    expect(post.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("the answers the server writes itself (bad percent-encoding, unknown method): nosniff too", async () => {
    const badPath = await get("/api/forms/%ff");
    expect(badPath.status).toBe(400);
    expect(badPath.headers.get("x-content-type-options")).toBe("nosniff");
    const badPage = await get("/s/%ff");
    expect(badPage.status).toBe(400);
    expect(badPage.headers.get("x-content-type-options")).toBe("nosniff");
    const method = await fetch(`${baseUrl()}/api/forms`, { method: "PROPFIND" });
    expect(method.status).toBe(405);
    expect(method.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
