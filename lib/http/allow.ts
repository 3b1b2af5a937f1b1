/**
 * The two answers Next would otherwise give by itself, in the API's error
 * shape: a method a route does not have (Next: an empty 405) and a path no
 * route has (Next: its HTML 404 page).
 *
 * Next answers a method that a route file does not export on its own, with no
 * hook to change it; exporting the method is the only way in. So every
 * app/api route file ends with one line naming what it does not have:
 *
 *   export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
 *
 * and app/api/[[...path]]/route.ts answers every path that no route file
 * claims. Neither costs the routes' own methods anything (no middleware runs
 * on every request). tests/integration/api-fallbacks.test.ts walks every route
 * file, so a route file without the line fails it.
 */
import { NextResponse, type NextRequest } from "next/server";
import { AppError, errorBody } from "./errors";

/** The methods Next routes to a route file (any other method: Next answers 400 itself). */
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (req: NextRequest) => Response;

const reply = (error: AppError) => NextResponse.json(errorBody(error.code, error.message), { status: error.status, headers: error.headers });

/** What allowOnly(I) returns: every method I lacks, except HEAD when I has GET. */
type Others<I> = Exclude<Method, keyof I | ("GET" extends keyof I ? "HEAD" : never)>;

/**
 * Handlers for the methods a route does not implement: 405
 * `method_not_allowed` with an `Allow` header, and OPTIONS → 204 with the same
 * header (what Next's own OPTIONS answers, which would otherwise list these
 * handlers as allowed). HEAD stays Next's where there is a GET: the GET
 * handler, without the body.
 */
export function allowOnly<const I extends Partial<Record<Method, unknown>>>(implemented: I): Record<Others<I>, Handler> {
  const has = new Set(Object.keys(implemented));
  const allow = [...new Set([...has, "OPTIONS", ...(has.has("GET") ? ["HEAD"] : [])])].sort().join(", ");
  const handlers: Partial<Record<Method, Handler>> = {};
  for (const method of METHODS) {
    if (has.has(method) || (method === "HEAD" && has.has("GET"))) continue;
    handlers[method] =
      method === "OPTIONS"
        ? () => new Response(null, { status: 204, headers: { Allow: allow } })
        : (req) =>
            reply(new AppError("method_not_allowed", `${req.method} is not allowed on ${req.nextUrl.pathname}; allowed: ${allow}`, undefined, { Allow: allow }));
  }
  return handlers as Record<Others<I>, Handler>;
}

/** For app/api/[[...path]]/route.ts: any method on a path no route file claims → 404 `not_found`. */
export const unknownPath = {} as Record<Method, Handler>;
for (const method of METHODS) {
  unknownPath[method] = (req) => reply(new AppError("not_found", `No API endpoint at ${req.nextUrl.pathname}; the API is described at /api/openapi.json`));
}
