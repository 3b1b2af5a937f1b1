/**
 * GET /embed.js: the script other sites include to show a form (docs/features/embeds-and-themes.md;
 * source components/embed/embed.ts). Its address is
 * pasted into other sites and cannot carry a content hash, so it is cached
 * for an hour (a day more while revalidating) rather than for good, with an
 * ETag for cheap revalidation.
 */
import { embedScript } from "@/lib/public/respondent-bundle";

const headers = (etag: string) => ({
  "content-type": "text/javascript; charset=utf-8",
  "cache-control": "public, max-age=3600, stale-while-revalidate=86400",
  etag,
  // Loadable by hosts that isolate themselves (Cross-Origin-Embedder-Policy: require-corp).
  "cross-origin-resource-policy": "cross-origin",
});

export function GET(request: Request) {
  const { body, etag } = embedScript();
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: headers(etag) });
  return new Response(new Uint8Array(body), { headers: headers(etag) });
}
