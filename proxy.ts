/**
 * Runs before every HTML page: a per-request CSP nonce (see
 * lib/http/security-headers.ts). Next.js takes the nonce from the request's
 * Content-Security-Policy header and adds it to the scripts it renders.
 */
import { NextResponse, type NextRequest } from "next/server";
import { FORM_PAGE, newNonce, NONCE_HEADER, pageCsp } from "@/lib/http/security-headers";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const csp = pageCsp(nonce, request.nextUrl.pathname, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  // For our own inline elements (NONCE_HEADER in lib/http/security-headers.ts).
  headers.set(NONCE_HEADER, nonce);
  const response = NextResponse.next({ request: { headers } });
  // The public form sets its own, with its form's framing policy (app/s/[slug]/route.ts).
  if (!FORM_PAGE.test(request.nextUrl.pathname)) response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: API routes answer JSON (their static headers are in next.config.mjs),
      // and build assets are files.
      source: "/((?!api/|_next/static/|_next/image|favicon\\.ico|embed\\.js).*)",
      // Never a request with a body: Next.js buffers (up to 10 MB) the body of every
      // request a proxy sees, which would sidestep the capped body readers (the
      // no-JavaScript form post among them). Page views are GETs without one.
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
