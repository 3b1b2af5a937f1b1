/**
 * The API reference page's renderer: Redoc's standalone bundle, served from
 * our own origin (no CDN) under a name that carries a hash of its bytes, so
 * it is cached for good and a new Redoc release gets a new name.
 *
 * The bundle injects a few <style> elements while it loads, before Redoc's
 * `nonce` option is read, through webpack's nonce variable (which the bundle
 * starts as undefined). The dashboard's CSP allows only nonced <style>
 * elements, so the bundle is served with that variable taken from its own
 * <script> element's nonce instead: every element it injects then carries the
 * page's nonce, and style-src needs no 'unsafe-inline'. Its "API docs by
 * Redocly" footer loads a logo from Redocly's CDN, which img-src refuses (and
 * the page must not call another host): the logo is an empty local image.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const BUNDLE = path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js");
const NONCE_START = "r.nc=void 0;";
const NONCE_FROM_SCRIPT = 'r.nc=document.currentScript&&document.currentScript.nonce||void 0;';
const CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const NO_LOGO = "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E";

let cached: { name: string; body: Buffer } | null = null;

export function redocBundle(): { name: string; body: Buffer } {
  if (cached) return cached;
  const source = fs.readFileSync(BUNDLE, "utf8");
  // Exactly one place: a Redoc release that changes its bootstrap must be looked at again.
  if (source.split(NONCE_START).length !== 2) throw new Error(`redoc.standalone.js: expected one "${NONCE_START}" (the webpack nonce's start)`);
  const body = Buffer.from(source.replace(NONCE_START, NONCE_FROM_SCRIPT).replaceAll(CDN_LOGO, NO_LOGO));
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12).replace(/[^\w]/g, "0");
  cached = { name: `redoc-${hash}.js`, body };
  return cached;
}
