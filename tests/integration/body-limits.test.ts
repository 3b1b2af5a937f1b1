/**
 * Every way a body arrives is read through the one capped reader
 * (lib/http/body.ts): a chunked body without Content-Length far over the cap
 * gets a 413 once the cap is passed, and the server's memory stays flat —
 * whatever Content-Length and Transfer-Encoding say. On a server of its own:
 * before the cap, one 300 MB chunked post took a server from 230 MB to 1.35 GB.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "@/lib/http/body";
import { sessionCookie } from "../helpers/session";
import { serverRssMb, startOwnServer, type OwnServer } from "../helpers/own-server";

/** What a test offers to send; the server should stop reading after its cap. */
const OFFERED_BYTES = 256 * 1024 * 1024;
/** RSS growth allowed over all the oversized posts together (a buffered one alone is > 256 MB). */
const RSS_GROWTH_MAX_MB = 80;

interface Streamed {
  status: number;
  contentType: string;
  body: string;
  sentBytes: number;
}

/**
 * POSTs `bytes` of filler (after `prefix`) as a chunked body with no
 * Content-Length, stopping as soon as the server answers.
 */
function streamPost(url: string, headers: Record<string, string>, prefix: string, bytes: number): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } });
    const filler = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        resolve({ status: res.statusCode!, contentType: res.headers["content-type"] ?? "", body, sentBytes: sent });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(new Error(`no answer after ${sent} bytes: ${error.message}`));
    });
    const pump = () => {
      while (!answered && sent < bytes) {
        const chunk = sent === 0 ? Buffer.concat([Buffer.from(prefix), filler]) : filler;
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("request body caps", () => {
  let own: OwnServer;
  let slug: string;
  beforeAll(async () => {
    own = await startOwnServer("bodies");
    const form = (await own.call("POST", "/api/forms", { title: "Caps" })).body.form;
    await own.call("PUT", `/api/forms/${form.id}/version/draft`, { title: "Caps", questions: [{ key: "q", type: "long-text", title: "Q" }] });
    slug = (await own.call("POST", `/api/forms/${form.id}/publish`)).body.form.slug;
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  const endpoints = () => [
    { kind: "JSON API", path: "/api/forms", limit: BODY_LIMITS.json, type: "application/json", prefix: '{"title":"', auth: true, json: true },
    { kind: "public JSON", path: `/api/public/forms/${slug}/responses`, limit: BODY_LIMITS.json, type: "application/json", prefix: '{"answers":{"q":"', auth: false, json: true },
    { kind: "views beacon", path: `/api/public/forms/${slug}/views`, limit: BODY_LIMITS.beacon, type: "application/json", prefix: '{"a":"', auth: false, json: true },
    { kind: "form post (urlencoded)", path: `/s/${slug}/submit`, limit: BODY_LIMITS.formPost, type: "application/x-www-form-urlencoded", prefix: "q=", auth: false, json: false },
    { kind: "form post (multipart)", path: `/s/${slug}/submit`, limit: BODY_LIMITS.formPost, type: "multipart/form-data; boundary=XyZ", prefix: '--XyZ\r\nContent-Disposition: form-data; name="q"\r\n\r\n', auth: false, json: false },
    { kind: "sign-in", path: "/api/auth/callback/credentials", limit: BODY_LIMITS.auth, type: "application/x-www-form-urlencoded", prefix: "email=", auth: false, json: true },
    { kind: "setup", path: "/api/setup", limit: BODY_LIMITS.json, type: "application/json", prefix: '{"email":"', auth: false, json: true },
  ];

  it("answers 413 to a chunked body over the cap at every kind of endpoint, and memory stays flat", async () => {
    const rssBefore = serverRssMb(own.server);
    for (const e of endpoints()) {
      const headers: Record<string, string> = { "content-type": e.type, origin: own.server.baseUrl, ...(e.auth ? { authorization: `Bearer ${own.key}` } : {}) };
      const res = await streamPost(own.server.baseUrl + e.path, headers, e.prefix, OFFERED_BYTES).catch((error) => {
        throw new Error(`${e.kind}: ${error.message}`);
      });
      expect(res.status, e.kind).toBe(413);
      if (e.json) expect(JSON.parse(res.body).error.code, e.kind).toBe("payload_too_large");
      else expect(res.contentType, e.kind).toContain("text/plain");
      // It stopped reading near the cap: the client got its answer long before sending everything.
      expect(res.sentBytes, e.kind).toBeLessThan(OFFERED_BYTES / 4);
    }
    const growth = serverRssMb(own.server) - rssBefore;
    expect(growth).toBeLessThan(RSS_GROWTH_MAX_MB);
    console.log(`server RSS ${rssBefore.toFixed(0)} MB → ${(rssBefore + growth).toFixed(0)} MB after ${endpoints().length} oversized posts`);
  }, 120_000);

  it("answers 413 to a declared Content-Length over the cap before reading", async () => {
    for (const e of endpoints()) {
      const body = e.prefix + "a".repeat(e.limit + 1 - Buffer.byteLength(e.prefix));
      const res = await fetch(own.server.baseUrl + e.path, {
        method: "POST",
        headers: { "content-type": e.type, origin: own.server.baseUrl, ...(e.auth ? { authorization: `Bearer ${own.key}` } : {}) },
        body,
      });
      expect(res.status, e.kind).toBe(413);
      await res.arrayBuffer();
    }
  });

  it("reads no more than a lying small Content-Length says, and the rest is refused as the next request", async () => {
    const rssBefore = serverRssMb(own.server);
    const { port } = new URL(own.server.baseUrl);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let data = "";
      socket.setEncoding("utf8");
      socket.on("data", (d) => (data += d));
      socket.on("error", () => {}); // the server closes while we still write: expected
      socket.on("close", () => resolve(data));
      socket.write(`POST /s/${slug}/submit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\nq=abc`);
      const filler = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (!socket.destroyed && sent < 64 * 1024 * 1024) {
          sent += filler.length;
          if (!socket.write(filler)) return void socket.once("drain", pump);
        }
        // Half-closing before the answers came would end the exchange (Node's server ends a
        // connection its client ended) before a slow 303 is written: wait for the refusal first.
        // Without one, the server's lingering close still ends it once nothing more comes.
        const endOnceRefused = () => (data.includes('"code":"bad_request"') ? socket.end() : socket.once("data", endOnceRefused));
        if (!socket.destroyed) endOnceRefused();
      };
      pump();
    });
    const statuses = [...answer.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
    expect(statuses[0]).toBe(303); // the 5 declared bytes, as a form post
    expect(statuses[1]).toBe(400); // the rest is no HTTP request
    expect(answer).toContain('"code":"bad_request"');
    expect(serverRssMb(own.server) - rssBefore).toBeLessThan(RSS_GROWTH_MAX_MB);
  });

  it("still serves bodies under the caps: API, views, form post, sign-in", async () => {
    expect((await own.call("POST", "/api/forms", { title: "Small" })).status).toBe(201);
    expect((await own.call("POST", `/api/public/forms/${slug}/views`, undefined, { authorization: "" })).status).toBe(204);
    expect((await own.call("POST", `/api/public/forms/${slug}/views`, {}, { authorization: "" })).status).toBe(204);
    const posted = await fetch(`${own.server.baseUrl}/s/${slug}/submit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // Fields the form does not have are ignored; they still count towards the cap.
      body: new URLSearchParams({ q: "a".repeat(5_000), padding: "b".repeat(900_000) }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/s/${slug}/thanks`);
    expect(await sessionCookie(own.email, own.password, own.server.baseUrl)).toMatch(/session-token=/);
    expect((await own.call("GET", "/api/health")).status).toBe(200);
  });
});
