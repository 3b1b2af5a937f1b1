/**
 * `npm start` / `npm run dev`: the HTTP server in front of Next.js.
 *
 * Plain JavaScript on purpose: the server process runs no TypeScript loader
 * (tsx in a long-running process costs ~100 MB RSS), and the migration
 * engine runs in a short-lived child (scripts/db.ts migrate) instead of
 * staying in the server's heap.
 *
 * - .env files: read first, exactly as Next reads them (@next/env: the
 *   environment wins over .env.<mode>.local, .env.local, .env.<mode>, .env),
 *   so migrations and the app see the same DATABASE_URL.
 * - AUTH_SECRET: from the environment; otherwise generated once and kept in
 *   ./data/auth-secret, so a fresh clone runs with no setup.
 * - Pending migrations are applied before the server accepts requests.
 * - The socket's peer address is passed to the app in `x-formloom-peer`
 *   (always overwritten): Next itself only fills X-Forwarded-For when the
 *   client did not send one, so without this a client could choose its own IP
 *   for rate limits. See lib/http/client-ip.ts.
 * - A method Next does not route (TRACE, CONNECT, PROPFIND, …) gets a 405
 *   `method_not_allowed` in the API's error shape here; Next would answer it
 *   with an empty 400, or a 500 and a stack trace in the log for TRACE.
 * - A path segment that is not valid percent-encoding (`%`, `%%`, `%ff`) gets
 *   a 400 `validation_failed` here (JSON under /api, plain text elsewhere):
 *   Next would answer it with a plain-text 500.
 * - A path longer than MAX_PATH_BYTES, or a whole URL (path and query)
 *   longer than MAX_URL_BYTES, gets a 414 `uri_too_long` here: no route takes
 *   such a path (ids and slugs are short) nor needs such a query, and Next
 *   echoes the URL twice into a 308's Location and Refresh headers (a trailing
 *   slash, a `..` segment), answering headers larger than clients accept.
 * - A request Node cannot parse (headers over its limit: 431; malformed: 400)
 *   gets the same error shape, written on the socket (the `clientError` event).
 * - A response that ends before its request body was read (a 413, or an early
 *   401) leaves Node discarding the unread rest for as long as it keeps
 *   coming; after UNREAD_BODY_GRACE_MS the connection is cut instead.
 * - GET /metrics (scripts/metrics.mjs) is served here when METRICS_TOKEN is
 *   set, and every answered request is counted there under its route's
 *   template (lib/http/request-context.ts); without the token prom-client is
 *   never loaded.
 * - POST /api/public/forms/:slug/responses (the public submission) is served
 *   by its route's own handler without Next's request pipeline
 *   (scripts/direct-routes.mjs); everything else goes through Next.
 * - A production server whose background work (instrumentation.ts: outbox
 *   worker, checkpointer, sweeps) failed to start exits 1 before it listens.
 * - SIGTERM/SIGINT: stop accepting connections, let in-flight requests
 *   and webhook/email attempts finish, then exit 0 (for rolling deploys
 *   behind a load balancer). package.json's scripts `exec` this file: npm
 *   passes a SIGTERM on to its script's shell only, which would die of it
 *   and leave this process serving, never drained.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http, { STATUS_CODES } from "node:http";
import path from "node:path";
import nextEnv from "@next/env";
import { loadDirectRoutes } from "./direct-routes.mjs";
import { createLogger, errorField } from "./log.mjs";

const dev = process.argv[2] === "dev";
const root = path.resolve(import.meta.dirname, "..");
const SHUTDOWN_GRACE_MS = 25_000;
/** The methods Next routes (lib/http/allow.ts answers the ones a route lacks). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const ALLOW = [...ROUTED_METHODS].join(", ");
/** How long Node may go on discarding a request body nobody read after its response was sent. */
const UNREAD_BODY_GRACE_MS = 2_000;
/** The longest a connection we answered with an error is kept open to drain what its client still sends. */
const LINGER_MAX_MS = 30_000;

/** The longest path (before `?`) served. */
const MAX_PATH_BYTES = 2048;
/**
 * The longest URL (path and query) served: the 8 KB request line of common
 * proxies, and short enough that a redirect echoing it twice (above) stays
 * within the 16 KiB of response headers clients read.
 */
const MAX_URL_BYTES = 8000;

/**
 * The request under way (lib/http/request-context.ts reads it): its id, and the
 * route template that route() fills in for the metrics' label.
 */
const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for("formloom.request")] = requestContext;

/** The route label of a request no route() declaration answered, by the kind of path (a bounded set). */
function fallbackRoute(url) {
  const path = pathOf(url);
  if (path === "/metrics") return "/metrics";
  if (path.startsWith("/api/")) return "/api/(unmatched)";
  if (path.startsWith("/_next/")) return "/_next/(asset)";
  if (path.startsWith("/s/")) return "/s/{slug}";
  return "(page)";
}

/** nginx's code for a request whose client went away before its answer was sent. */
const CLIENT_CLOSED = 499;

/** The process's logger (scripts/log.mjs), made first thing in main(). */
let log = null;

/** The API's error shape (lib/http/errors.ts), with the request's id. */
const errorJson = (code, message, requestId) => JSON.stringify({ error: { code, message, requestId } });
const currentId = () => requestContext.getStore()?.id ?? randomUUID();

const pathOf = (url) => url.split(/[?#]/, 1)[0];

/** True when every segment of the request target's path decodes (what Next does, with a 500 when it throws). */
function decodablePath(url) {
  const path = pathOf(url);
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

// The answers this server writes itself never reach Next, so next.config.mjs's
// headers are not added to them: nosniff (as on every response) here.
const NOSNIFF = { "x-content-type-options": "nosniff" };
/** Marks a socket this server has already answered with its own error. */
const ANSWERED = Symbol("formloom.answered");

/** An error in the API's shape under /api, plain text for pages. */
function refusePath(req, res, status, code, message) {
  const api = /^\/api(\/|$|\?)/.test(req.url);
  const body = api ? errorJson(code, message, currentId()) : `${STATUS_CODES[status]}: ${message}.\n`;
  res.writeHead(status, { ...NOSNIFF, "content-type": api ? "application/json" : "text/plain; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Node's own refusals (no request object exists yet), in the API's error
 * shape: headers too large → 431, anything unparseable → 400. A connection
 * reset or timeout gets no answer (nobody is listening, or Node answered 408).
 */
function answerClientError(error, socket) {
  // What the client still sends after our answer is decided reaches Node's
  // (failed) parser again, chunk by chunk, and comes back here: the answer is
  // on its way (or waits for the request before it), lingeringClose drains the
  // rest, and destroying the socket now would reset the client mid-write
  // (EPIPE) before it reads the answer.
  if (socket[ANSWERED]) return;
  if (error.code === "ECONNRESET" || error.code === "ERR_HTTP_REQUEST_TIMEOUT" || !socket.writable || socket.destroyed) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const requestId = randomUUID();
  const body = tooLarge
    ? errorJson("headers_too_large", "The request line and headers are larger than the server accepts", requestId)
    : errorJson("bad_request", "The request is not valid HTTP", requestId);
  log?.info({ requestId, status, reason: error.code }, "request refused before it was parsed");
  socket[ANSWERED] = true;
  const answer = () => {
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\nx-request-id: ${requestId}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    lingeringClose(socket);
  };
  // Bytes after a complete request (a body longer than its Content-Length) fail
  // as the next request while the first is still being answered: answer after it.
  const inFlight = socket._httpMessage;
  if (inFlight && !inFlight.writableFinished) inFlight.once("finish", answer);
  else answer();
}

/**
 * RFC 9112 §9.6: a server that closes while the client is still sending (the
 * rest of an oversized request line) must not close at once: the unread bytes
 * make the kernel answer with a reset, which can destroy our answer in the
 * client's buffer before it is read (the fuzz saw "fetch failed" for a 20 KB
 * URL under load). Half-close, read and discard what still comes, then close.
 */
function lingeringClose(socket) {
  // Closed when the client closes (it does once it has read our answer, which
  // says `connection: close`), or when it has sent nothing for a while. A fixed
  // deadline instead cut clients that were still writing a large request line
  // on a busy machine: their write then failed (EPIPE) before they read the answer.
  let idle;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => socket.destroy(), UNREAD_BODY_GRACE_MS);
    idle.unref();
  };
  socket.on("data", arm);
  socket.once("end", () => socket.destroy());
  socket.once("close", () => clearTimeout(idle));
  socket.resume();
  arm();
  setTimeout(() => socket.destroy(), LINGER_MAX_MS).unref();
}

/** Cuts the connection if the request body is still coming in after the response. */
function cutUnreadBody(req, res) {
  res.once("finish", () => {
    if (req.complete) return;
    const timer = setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, UNREAD_BODY_GRACE_MS);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
  });
}

/** 405 in the API's error shape (lib/http/errors.ts), without waking Next. */
function refuseMethod(req, res) {
  const body = errorJson("method_not_allowed", `${req.method} is not supported; allowed: ${ALLOW}`, currentId());
  res.writeHead(405, { ...NOSNIFF, "content-type": "application/json", "content-length": Buffer.byteLength(body), allow: ALLOW });
  res.end(body);
}

function authSecret() {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(root, "data/auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    log.info("Generated AUTH_SECRET in data/auth-secret (set AUTH_SECRET to choose your own).");
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * PORT, checked before anything starts (unset or blank: 3000). A value that is not a port stops
 * the start with a message naming the variable, as lib/settings.ts does for its settings, which
 * are checked only once Next has loaded (too late: PORT=abc would run the migrations and start the
 * outbox thread, then fail in listen() with Node's "options.port should be >= 0 and < 65536.
 * Received type number (NaN)", which names no variable). lib/settings.ts declares it too.
 */
function listenPort() {
  const value = (process.env.PORT ?? "").trim();
  if (value === "") return 3000;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port <= 65_535)) {
    log.fatal(`PORT must be a whole number from 0 to 65535, not ${JSON.stringify(process.env.PORT)}. Stopping.`);
    process.exit(1);
  }
  return port;
}

/** Applies pending migrations to DATABASE_URL in a child process (it prints what it applied). */
function migrate() {
  const result = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), path.join(root, "scripts/db.ts"), "migrate"], {
    cwd: root,
    env: process.env,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`migrations failed (exit ${result.status ?? result.signal})`);
}

/**
 * Waits for instrumentation.ts's register(), which Next runs alongside its own start: with an
 * error there (a bad setting, say) Next logs it and would serve on without the outbox worker, the
 * checkpointer and the sweeps. Exits 1 instead.
 */
async function backgroundWorkStarted(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = globalThis[Symbol.for("formloom.background")];
    if (outcome?.started) return;
    const reason = outcome ? (outcome.error?.message ?? String(outcome.error)) : Date.now() > deadline ? `not done after ${timeoutMs / 1000} s` : null;
    if (reason) {
      log.fatal(`The server's background work (instrumentation.ts) did not start: ${reason}. Stopping.`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function main() {
  // Next reads NODE_ENV when it loads, and .env files are chosen by it: set it first.
  process.env.NODE_ENV = dev ? "development" : "production";
  nextEnv.loadEnvConfig(root, dev, { info: () => {}, error: console.error });
  log = createLogger();

  const port = listenPort();
  const hostname = process.env.HOSTNAME_BIND || "0.0.0.0";
  process.env.AUTH_SECRET = authSecret();
  process.env.NEXTAUTH_SECRET ??= process.env.AUTH_SECRET;
  process.env.NEXTAUTH_URL ||= `http://localhost:${port}`;
  process.env.NEXT_TELEMETRY_DISABLED = "1";

  migrate();

  const { default: next } = await import("next");
  const app = next({ dev, dir: root, hostname: "localhost", port });
  await app.prepare();
  if (!dev) await backgroundWorkStarted();
  const handle = app.getRequestHandler();
  // The public submission endpoint, without Next's request pipeline (scripts/direct-routes.mjs).
  const { default: nextConfig } = await import("../next.config.mjs");
  const serveDirect = dev ? null : await loadDirectRoutes({ root, distDir: nextConfig.distDir, port });

  // GET /metrics (scripts/metrics.mjs): loaded only with a token, so without one it is any unknown page's 404.
  const metricsToken = process.env.METRICS_TOKEN?.trim();
  const metrics = metricsToken ? (await import("./metrics.mjs")).createMetrics(metricsToken) : null;

  // One line per request: no path (it holds ids and tokens), headers or body, only what is named here.
  const answered = (req, res, context, started) => {
    const status = res.headersSent ? res.statusCode : CLIENT_CLOSED;
    const ms = performance.now() - started;
    const route = context.route ?? fallbackRoute(req.url ?? "/");
    metrics?.observe(req.method, route, status, ms / 1000);
    log[status >= 500 ? "error" : "info"]({ requestId: context.id, method: req.method, route, status, ms: Math.round(ms * 10) / 10 }, "request");
  };

  const server = http.createServer((req, res) => {
    const context = { id: randomUUID(), route: null };
    const started = performance.now();
    res.setHeader("x-request-id", context.id);
    res.once("close", () => answered(req, res, context, started));
    requestContext.run(context, () => serve(req, res));
  });
  const serve = (req, res) => {
    if (!ROUTED_METHODS.has(req.method)) return refuseMethod(req, res);
    if (Buffer.byteLength(pathOf(req.url ?? "/")) > MAX_PATH_BYTES) {
      return refusePath(req, res, 414, "uri_too_long", `The path is longer than ${MAX_PATH_BYTES} bytes`);
    }
    if (Buffer.byteLength(req.url ?? "/") > MAX_URL_BYTES) {
      return refusePath(req, res, 414, "uri_too_long", `The URL (path and query) is longer than ${MAX_URL_BYTES} bytes`);
    }
    if (!decodablePath(req.url ?? "/")) {
      return refusePath(req, res, 400, "validation_failed", "The path is not valid percent-encoding (a % must start an escape of UTF-8, like %20)");
    }
    if (metrics && pathOf(req.url) === "/metrics") return void metrics.serve(req, res);
    cutUnreadBody(req, res);
    req.headers["x-formloom-peer"] = req.socket.remoteAddress ?? "";
    if (serveDirect?.(req, res)) return;
    void handle(req, res);
  };
  server.on("clientError", answerClientError);
  // Longer than common load balancers' idle timeouts, so they close first
  // (and headersTimeout above it, or Node may cut a reused connection first).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () => {
    log.info(`Formloom ${dev ? "(dev) " : ""}listening on http://localhost:${port}`);
  });

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => {
      log.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The outbox worker (lib/outbox/worker.ts) stops claiming now and lets its attempts finish.
    const stopOutbox = globalThis[Symbol.for("formloom.outbox.stop")];
    const outboxStopped = typeof stopOutbox === "function" ? stopOutbox() : Promise.resolve();
    server.close(async () => {
      await outboxStopped.catch((error) => log.error({ err: errorField(error) }, "stopping the outbox failed"));
      await app.close().catch((error) => log.error({ err: errorField(error) }, "stopping Next failed"));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  const message = `formloom: ${error instanceof Error ? error.message : String(error)}`;
  if (log) log.fatal(message);
  else console.error(message);
  process.exit(1);
});
