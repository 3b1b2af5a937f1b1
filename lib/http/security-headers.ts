/**
 * The Content-Security-Policy of HTML pages, built per request by proxy.ts
 * (a fresh nonce each time; Next.js reads it from the request's CSP header
 * and puts it on its own scripts and styles). The headers that never vary per
 * request (nosniff, Referrer-Policy, Permissions-Policy, the API's CSP) are in
 * next.config.mjs, which covers every response including API routes.
 */

/** Paths a respondent may see inside a frame on another site: the public form and its thanks page. */
const EMBEDDABLE = /^\/s\/[^/]+(\/thanks)?\/?$/;

/**
 * The public form page itself (app/s/[slug]/route.ts): it knows its form's
 * allowedEmbedOrigins, so it sets its own CSP, and proxy.ts leaves the
 * response header to it (two CSP headers would both be enforced).
 */
// (public/s/sw.js, a static file under the same prefix, keeps the proxy's.)
export const FORM_PAGE = /^\/s\/(?!sw\.js$)[^/]+\/?$/;

/**
 * Who may frame a page: the one place that decides it. Dashboard and auth
 * pages may be framed by nobody (clickjacking with the owner's data). The
 * public form may be framed by any site (embeds), unless its form lists the
 * sites that may (`allowedEmbedOrigins`, lib/embed/origins.ts): then those
 * and Formloom itself ('self': the builder's Share preview). The thanks page
 * of the no-JavaScript post is rendered by Next without the form's row and
 * stays framable by any site: it shows the ending's text and holds no action.
 */
export function frameAncestors(pathname: string, allowedEmbedOrigins: readonly string[] | null = null): string {
  if (!EMBEDDABLE.test(pathname)) return "'none'";
  if (allowedEmbedOrigins === null) return "*";
  return ["'self'", ...allowedEmbedOrigins].join(" ");
}

/**
 * The request header through which proxy.ts hands the nonce to pages, for
 * the few inline elements we render ourselves (Next.js nonces its own).
 * Always overwritten by the proxy, so a client cannot choose it.
 */
export const NONCE_HEADER = "x-nonce";

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function pageCsp(nonce: string, pathname: string, dev = false, allowedEmbedOrigins: readonly string[] | null = null): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonced framework scripts load are trusted too;
    // nothing inline runs without the nonce. React needs eval only in development.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // <style> and stylesheet links: ours and Next's nonced ones only.
    `style-src 'self' 'nonce-${nonce}'`,
    // style="" attributes carry no nonce, and the server-rendered HTML has many
    // (React's style prop: widths, progress bars, spacing). Allowing attributes only
    // (not <style> elements) keeps injected stylesheets out; an attribute cannot
    // hold a selector, so it cannot be used to read the page. recharts' styles are
    // set from script through the CSSOM, which CSP does not govern.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The respondent page's service worker (public/s/sw.js): 'strict-dynamic' would refuse it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(pathname, allowedEmbedOrigins)}`,
    // No upgrade-insecure-requests: self-hosted installs on plain http (a LAN
    // address) would then fetch their own assets over https and break.
  ].join("; ");
}
