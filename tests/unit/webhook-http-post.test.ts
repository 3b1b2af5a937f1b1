/**
 * One webhook POST (lib/webhooks/http-post.ts) against real HTTP servers on
 * 127.0.0.1: a request reset before any answer is sent again once, on a
 * connection of its own; an answer's body is kept up to RESPONSE_KEEP_BYTES;
 * the deadline covers a body that never ends. (The address checks are
 * tested through the server in tests/integration/webhooks-ssrf.test.ts.)
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postJson, RESPONSE_KEEP_BYTES } from "@/lib/webhooks/http-post";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, requestsOnSocket: number) => unknown;

let server: http.Server;
let url: string;
let handler: Handler;
let connections: Socket[] = [];
const served = new WeakMap<Socket, number>();

// A server of its own per test: a new origin, so no socket kept alive by the pool from an earlier test.
beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  connections = [];
  server = http.createServer((req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    req.resume();
    req.on("end", () => handler(req, res, n));
  });
  server.on("connection", (socket: Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterEach(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const post = (timeoutMs = 5_000) => postJson(url, { "webhook-id": "msg_1" }, JSON.stringify({ type: "ping" }), timeoutMs);

describe("a webhook POST", () => {
  it("sends a request reset on a kept-alive socket again, once, on a new connection", async () => {
    // The first request on a socket is answered; a second one on the same socket is reset, as a
    // receiver closing an idle kept-alive socket just as the request arrives would.
    handler = (_req, res, n) => (n === 1 ? res.writeHead(204).end() : res.socket!.resetAndDestroy());
    expect(await post()).toEqual({ ok: true, statusCode: 204, body: "" });
    expect(connections).toHaveLength(1);
    // A pause: the socket is idle in the pool, and the next POST takes it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await post()).toEqual({ ok: true, statusCode: 204, body: "" });
    expect(connections).toHaveLength(2);
    expect(served.get(connections[0])).toBe(2);
  });

  it("gives up after the second reset: one attempt is at most two connections", async () => {
    handler = (_req, res) => res.socket!.resetAndDestroy();
    const result = await post();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Connection failed: /);
    expect(connections).toHaveLength(2);
  });

  it(`keeps the first ${RESPONSE_KEEP_BYTES} bytes of a large answer and stops reading`, async () => {
    // Up to 64 MB, a MB at a time as the socket takes them: far more than the sockets' buffers
    // hold, so more than a few MB go out only if the answer is read.
    const MB = 1024 * 1024;
    let sent = 0;
    handler = async (_req, res) => {
      res.writeHead(500, { "content-type": "text/plain" });
      while (sent < 64 * MB && !res.destroyed) {
        sent += MB;
        if (!res.write(Buffer.alloc(MB, "x"))) await new Promise((resolve) => (res.once("drain", resolve), res.once("close", resolve)));
      }
      res.end();
    };
    const result = await post();
    expect(result).toMatchObject({ ok: false, statusCode: 500, error: "HTTP 500" });
    expect(result.body).toBe("x".repeat(RESPONSE_KEEP_BYTES));
    await expect.poll(() => connections[0].destroyed).toBe(true);
    expect(sent).toBeLessThan(32 * MB);
  });

  it("keeps a NUL in an answer as U+FFFD (PostgreSQL's text holds none)", async () => {
    handler = (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok\0done");
    const result = await post();
    expect(result).toEqual({ ok: true, statusCode: 200, body: "ok\uFFFDdone" });
  });

  it("times out an answer whose body never ends, and does not follow a redirect", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("partial");
    };
    const started = Date.now();
    expect(await post(300)).toEqual({ ok: false, error: "Timed out after 300 ms" });
    expect(Date.now() - started).toBeLessThan(3_000);

    handler = (_req, res) => res.writeHead(302, { location: "http://127.0.0.1:1/" }).end();
    expect(await post()).toMatchObject({ ok: false, statusCode: 302, error: "Redirect (302) not followed" });
  });
});
