/**
 * Malformed percent-encoding (`%`, `%%`, `%ff`, a cut UTF-8 sequence) in any
 * dynamic path segment: a 400 (the JSON error shape under /api, plain text
 * for pages and the form post), never Next's plain-text 500. Every route and
 * page file is walked (tests/helpers/routes.ts), so a new route is covered
 * without touching this file. Also Node's own refusals (headers over its
 * limit → 431, a path longer than any route → 414, unparseable requests →
 * 400) in the error shape.
 */
import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../helpers/api";
import { appOperations, routeOperations } from "../helpers/routes";

const MALFORMED = ["%", "%%", "%ff", "%E0%A4", "a%2"];

/** One raw HTTP/1.1 exchange, so the path reaches the server exactly as written. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.end(request));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
  });
}

/** A GET through node:http, whose parser refuses response headers over 16 KiB as clients do. */
function nodeGet(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl() + path, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      })
      .on("error", reject);
  });
}

const send = (method: string, path: string, extraHeaders = "") =>
  raw(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n${extraHeaders}\r\n`);

/** Each operation's path with `bad` in one dynamic segment and a harmless value in the others. */
function cases() {
  const operations = [...routeOperations().keys(), ...appOperations()];
  const out: { label: string; method: string; path: string; api: boolean }[] = [];
  for (const operation of operations) {
    const [method, template] = operation.split(" ");
    const params = template.match(/\{[^}]+\}/g) ?? [];
    params.forEach((param, i) => {
      for (const bad of MALFORMED) {
        let n = 0;
        const path = template.replace(/\{[^}]+\}/g, () => (n++ === i ? bad : "x"));
        out.push({ label: `${method} ${template} with ${param} = ${bad}`, method, path, api: template.startsWith("/api/") });
      }
    });
  }
  return out;
}

describe("malformed percent-encoding in a path", () => {
  const all = cases();

  it("walks every dynamic route family (API operations, /s/{slug} pages and the form post, dashboard pages)", () => {
    const families = new Set(all.map((c) => c.label.split(" with ")[0]));
    expect(families).toContain("GET /api/forms/{id}");
    expect(families).toContain("POST /api/public/forms/{slug}/views");
    expect(families).toContain("GET /s/{slug}");
    expect(families).toContain("POST /s/{slug}/submit");
    expect(families).toContain("GET /forms/{id}/responses");
    expect(families.size).toBeGreaterThanOrEqual(25);
  });

  it("answers 400 (JSON error shape under /api), never a 500", async () => {
    const failures: string[] = [];
    for (const c of all) {
      const res = await send(c.method, c.path);
      const ok = c.api
        ? res.status === 400 && res.headers.includes("content-type: application/json") && JSON.parse(res.body).error?.code === "validation_failed"
        : res.status === 400 && res.headers.includes("content-type: text/plain");
      if (!ok) failures.push(`${c.label}: ${res.status} ${res.body.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });

  it("leaves well-formed escapes alone", async () => {
    const res = await fetch(`${baseUrl()}/api/public/forms/no-such%2Dform`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe("not_found");
  });
});

describe("requests Node refuses before the app sees them", () => {
  it("answers headers over the limit with 431 headers_too_large in the error shape", async () => {
    const res = await send("GET", "/api/health", `X-Big: ${"a".repeat(20_000)}\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain("content-type: application/json");
    expect(JSON.parse(res.body).error.code).toBe("headers_too_large");
  });

  it("answers a URL over the limit with 431 too", async () => {
    const res = await send("GET", `/api/forms?search=${"a".repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).error.code).toBe("headers_too_large");
  });

  // The fuzz found it: Next answered a long path with a trailing slash by a 308
  // echoing the path into Location and Refresh, headers no client would read.
  it("answers a path longer than any route takes with 414 uri_too_long, also with a trailing slash", async () => {
    for (const path of [`/api/forms/${"x".repeat(10_001)}/`, `/api/forms/${"x".repeat(10_001)}`]) {
      const res = await send("GET", path);
      expect(res.status).toBe(414);
      expect(res.headers).not.toContain("location:");
      expect(JSON.parse(res.body).error.code).toBe("uri_too_long");
    }
    const page = await send("GET", `/s/${"x".repeat(3000)}/`);
    expect(page.status).toBe(414);
    expect(page.headers).toContain("content-type: text/plain");
  });

  // The fuzz again: a short path Next redirects (a `..` segment, a trailing slash) with a 10 KB
  // query came back as a 308 with ~20 KB of headers, and the client failed to read it.
  it("answers a URL longer than 8,000 bytes with 414 uri_too_long, whatever its path", async () => {
    const query = (bytes: number, path: string) => `${path}?lang=${"x".repeat(bytes - path.length - "?lang=".length)}`;
    for (const path of ["/api/public/forms/..", "/api/forms/", "/api/forms"]) {
      const res = await send("GET", query(8001, path));
      expect(res.status).toBe(414);
      expect(res.headers).not.toContain("location:");
      expect(JSON.parse(res.body).error.code).toBe("uri_too_long");
    }
    // At the limit it is served, and Next's redirect of it is still readable by Node's own
    // HTTP client (16 KiB of response headers, as fetch).
    const redirected = await nodeGet(query(8000, "/api/forms/"));
    expect(redirected.status).toBe(308);
    expect(redirected.location).toBe(query(8000, "/api/forms/").replace("/api/forms/?", "/api/forms?"));
    expect((await nodeGet(query(8000, "/api/forms"))).status).toBe(401);
  });

  it("answers an unparseable request with 400 bad_request in the error shape", async () => {
    const res = await raw("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe("bad_request");
  });
});
