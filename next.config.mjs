/**
 * Security headers that never vary per request, on every response (pages,
 * API routes, build assets). The pages' Content-Security-Policy carries a
 * per-request nonce and is set by proxy.ts (lib/http/security-headers.ts).
 */
const everywhere = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Other sites learn our origin at most, never a path (form ids, hidden-field values in a query).
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()" },
];

async function headers() {
  return [
    { source: "/:path*", headers: everywhere },
    // The public form: a respondent following a link in a form's text tells the
    // other site nothing, not even which Formloom install sent them.
    { source: "/s/:path*", headers: [{ key: "Referrer-Policy", value: "same-origin" }] },
    // JSON and files: nothing in them may run or be framed.
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    // Stored files (respondents' uploads, form assets): sandboxed, so even a file a browser would
    // render runs nothing with our origin (the later rule wins over the one above).
    { source: "/api/assets/:assetId", headers: [{ key: "Content-Security-Policy", value: "sandbox" }] },
    { source: "/api/forms/:id/responses/:responseId/files/:fileId", headers: [{ key: "Content-Security-Policy", value: "sandbox" }] },
    // For browsers without CSP frame-ancestors, and for page requests the proxy
    // skips (those with a body): only the public form (/s/…) may be framed.
    { source: "/((?!s/).*)", headers: [{ key: "X-Frame-Options", value: "DENY" }] },
  ];
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets parallel checkouts/tests build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@prisma/schema-engine-wasm"],
  // `npm test` type-checks the whole tree with `tsc --noEmit` before it builds,
  // so the build does not type-check a second time.
  typescript: { ignoreBuildErrors: true },
  // The dev server refuses its client scripts to other origins; the test
  // harness (TEST_SERVER_MODE=dev) reaches it at 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1"],
  headers,
};

export default nextConfig;
