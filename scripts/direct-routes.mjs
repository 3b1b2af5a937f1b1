/**
 * The public submission endpoint served by scripts/serve.mjs without Next.js's
 * request pipeline (a submission spends about as much CPU in Next's
 * router, request adapters and response piping as in its own work).
 *
 * What is skipped is only Next's plumbing, never the route: the handler is the
 * route file's own export (app/api/public/forms/[slug]/responses/route.ts →
 * route() of lib/http/route.ts: schemas, capped body reader, error map), taken
 * from the production build's module for that route, so it is the same module
 * instance Next would call (one database client, one form cache). The answer
 * gets the headers next.config.mjs declares for its path, read from the build's
 * routes-manifest.json as Next applies them (the handler's own headers win).
 *
 * Only what the handler needs is built: a NextRequest with the method, URL,
 * headers and the streamed body. Anything else (another method, a trailing
 * slash, a path that is not exactly the route's) goes to Next as before.
 * FORMLOOM_DIRECT_ROUTES=off turns this off (tests compare both answers).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";

/** The routes served directly: method, path pattern (its groups are the params), and the app route's page. */
const DIRECT_ROUTES = [{ method: "POST", pattern: /^\/api\/public\/forms\/([^/?#]+)\/responses(?:\?.*)?$/, params: ["slug"], page: "/api/public/forms/[slug]/responses" }];

/**
 * Loads the direct routes from the production build in `distDir`; gives a
 * function that serves a request if it is one of them (true) or leaves it to
 * Next (false). null when disabled, or when the build's header rules use
 * conditions (has/missing) this module does not evaluate.
 */
export async function loadDirectRoutes({ root, distDir, port }) {
  // An on/off switch, checked with every setting at start (lib/settings.ts).
  if (process.env.FORMLOOM_DIRECT_ROUTES?.trim().toLowerCase() === "off") return null;
  const dist = path.resolve(root, distDir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, "routes-manifest.json"), "utf8"));
  const headerRules = (manifest.headers ?? []).map((rule) => ({ ...rule, regex: new RegExp(rule.regex) }));
  if (headerRules.some((rule) => rule.has || rule.missing)) {
    console.warn("direct routes: next.config.mjs headers use has/missing conditions; every request goes through Next");
    return null;
  }
  const { NextRequest } = await import("next/server.js");
  const require = createRequire(import.meta.url);
  const routes = [];
  for (const route of DIRECT_ROUTES) {
    // The module Next itself requires for this route (same file, same require cache).
    const { routeModule } = require(path.join(dist, "server/app", route.page, "route.js"));
    await routeModule.ensureUserland();
    const handler = routeModule.userland[route.method];
    if (typeof handler !== "function") throw new Error(`direct routes: ${route.page} has no ${route.method} handler`);
    routes.push({ ...route, handler });
  }
  const origin = `http://localhost:${port}`;

  /** The config headers for a path, in Next's order (a later rule overrides an earlier one). */
  const configHeaders = (pathname) => {
    const headers = new Map();
    for (const rule of headerRules) {
      if (!rule.regex.test(pathname)) continue;
      for (const { key, value } of rule.headers) headers.set(key.toLowerCase(), value);
    }
    return headers;
  };

  return function serveDirect(req, res) {
    const route = routes.find((r) => r.method === req.method && r.pattern.test(req.url));
    if (!route) return false;
    const match = route.pattern.exec(req.url);
    const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    // serve.mjs's own header (the socket's peer) replaces whatever the client sent.
    headers.set("x-formloom-peer", req.headers["x-formloom-peer"]);
    const request = new NextRequest(origin + req.url, { method: req.method, headers, body: Readable.toWeb(req), duplex: "half" });
    void answer(route, request, params, req, res);
    return true;
  };

  async function answer(route, request, params, req, res) {
    try {
      const response = await route.handler(request, { params: Promise.resolve(params) });
      const body = Buffer.from(await response.arrayBuffer());
      for (const [name, value] of configHeaders(new URL(req.url, origin).pathname)) res.setHeader(name, value);
      for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) res.setHeader("set-cookie", cookies);
      res.setHeader("content-length", body.byteLength);
      res.writeHead(response.status);
      res.end(body);
      // An answer before the whole body was read (413): discard the rest as Node does for a body
      // nobody read (the web stream above holds it paused otherwise); serve.mjs cuts it if it goes on.
      if (!req.complete) {
        req.removeAllListeners("data");
        req.resume();
      }
    } catch (error) {
      // route() answers every error itself; reaching here is a bug in this module.
      console.error("direct route failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json", "x-content-type-options": "nosniff" });
      res.end(JSON.stringify({ error: { code: "internal_error", message: "Something went wrong on our side" } }));
    }
  }
}
