/**
 * What integrators get outside the documented operations, over real HTTP:
 * a method a route does not have → 405 `method_not_allowed` with an `Allow`
 * header listing the route's methods; a path no route has → 404 `not_found`;
 * both in the API's error shape, never Next's empty 405 or HTML 404 page.
 * Every route file under app/api is walked, so a new route file that does not
 * declare what it refuses (lib/http/allow.ts) fails here.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { errorSchema } from "@/lib/openapi/owner-schemas";
import { baseUrl, request, type ApiResult } from "../helpers/api";
import { routeOperations } from "../helpers/routes";

/** The methods Next hands to route files. */
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** Every route file as a concrete URL (a sample value per {param}) → the methods it implements. */
function routeFiles(): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const operation of routeOperations().keys()) {
    const [method, template] = operation.split(" ");
    const url = template.replace(/\{(\w+)\}/g, "sample-$1");
    if (!routes.has(url)) routes.set(url, new Set());
    routes.get(url)!.add(method);
  }
  return routes;
}

const allowFor = (methods: Set<string>) => [...new Set([...methods, "OPTIONS", ...(methods.has("GET") ? ["HEAD"] : [])])].sort().join(", ");

/** A JSON body and content type, so that a refusal is about the method, not the body. */
const send = (method: string, url: string) => request(method, url, method === "GET" || method === "HEAD" ? undefined : {});

function expectError(res: ApiResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
  expect(errorSchema.safeParse(res.body).success, res.text).toBe(true);
}

const routes = routeFiles();
const refused = [...routes].flatMap(([url, methods]) =>
  METHODS.filter((m) => m !== "OPTIONS" && !methods.has(m) && !(m === "HEAD" && methods.has("GET"))).map((m) => [`${m} ${url}`, m, url, allowFor(methods)] as const),
);

describe("a method the route does not have", () => {
  it("covers every route file", () => {
    expect(routes.size).toBeGreaterThan(15);
    expect(refused.length).toBeGreaterThan(60);
  });

  it.each(refused)("%s → 405 method_not_allowed with Allow", async (_label, method, url, allow) => {
    const res = await send(method, url);
    expect(res.status, res.text).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    if (method === "HEAD") return; // a HEAD answer has no body
    expectError(res, 405, "method_not_allowed");
    expect(res.body.error.message).toContain(method);
  });

  it("OPTIONS on every route file → 204 with the route's methods in Allow", async () => {
    for (const [url, methods] of routes) {
      const res = await request("OPTIONS", url);
      expect(res.status, `OPTIONS ${url}`).toBe(204);
      expect(res.headers.get("allow"), `OPTIONS ${url}`).toBe(allowFor(methods));
    }
  });

  it("HEAD still answers like GET wherever there is a GET", async () => {
    for (const [url, methods] of routes) {
      if (!methods.has("GET")) continue;
      const [get, head] = [await request("GET", url), await request("HEAD", url)];
      expect(head.status, `HEAD ${url}`).toBe(get.status);
      expect(head.text, `HEAD ${url}`).toBe("");
    }
    expect((await request("HEAD", "/api/health")).status).toBe(200);
  });
});

describe("a path no route has", () => {
  const unknown = ["/api", "/api/nope", "/api/forms/sample-id/nope", "/api/keys/sample-id/extra", "/api/public/forms/sample-slug/responses/sample-id/extra", "/api/forms-v2"];

  it.each(unknown)("%s → 404 not_found for every method", async (url) => {
    for (const method of METHODS) {
      const res = await send(method, url);
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(404);
      if (method === "HEAD") continue;
      expectError(res, 404, "not_found");
      expect(res.body.error.message).toContain(url);
    }
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = await request("GET", "/api/openapi.json");
    expect(doc.body.info.description).toMatch(/404 `not_found`.*405 `method_not_allowed` with an `Allow` header/s);
  });

  it("answers the same with credentials: the path is unknown to everyone", async () => {
    const res = await request("GET", "/api/nope", undefined, { headers: { authorization: "Bearer flk_not-a-key" } });
    expectError(res, 404, "not_found");
  });
});

describe("a method no route has", () => {
  // fetch() refuses TRACE and CONNECT, so these go over node:http.
  const raw = (method: string, urlPath: string) =>
    new Promise<{ status: number; allow: string | undefined; type: string | undefined; body: string }>((resolve, reject) => {
      const req = http.request(baseUrl() + urlPath, { method }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, type: res.headers["content-type"], body }));
      });
      req.on("error", reject);
      req.end();
    });

  it.each([
    ["TRACE", "/api/forms"],
    ["PROPFIND", "/api/health"],
    ["MKCOL", "/api/nope"],
    ["TRACE", "/"],
  ])("%s %s → 405 method_not_allowed with the routed methods in Allow", async (method, urlPath) => {
    const res = await raw(method, urlPath);
    expect(res.status, res.body).toBe(405);
    expect(res.allow).toBe("GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE");
    expect(res.type).toContain("application/json");
    const body = JSON.parse(res.body);
    expect(errorSchema.safeParse(body).success, res.body).toBe(true);
    expect(body.error).toMatchObject({ code: "method_not_allowed", message: expect.stringContaining(method) });
  });
});
