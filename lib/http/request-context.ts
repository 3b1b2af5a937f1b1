/**
 * The request under way, as scripts/serve.mjs opened it: its id (the
 * `X-Request-Id` header, the error body's `requestId`, the log line) and the
 * route template that answers it, which route() fills in for the request's
 * log line and metrics. An AsyncLocalStorage on globalThis, made by the
 * server before Next loads: undefined outside a request (a background job)
 * and when the app runs without that server.
 */
import type { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  readonly id: string;
  /** The declared route's template, like `/api/forms/{id}`; null until a route() answers. */
  route: string | null;
}

const STORE = Symbol.for("formloom.request");

export function currentRequest(): RequestContext | undefined {
  return ((globalThis as Record<symbol, unknown>)[STORE] as AsyncLocalStorage<RequestContext> | undefined)?.getStore();
}

/**
 * The template of a request's path: each segment that holds one of the route's
 * params becomes `{name}`. Only a param's segment is replaced, so the result is
 * made of the route file's own segments and param names, whatever the ids
 * (bounded label values). From the right: user-chosen values (a slug) sit
 * deeper than the fixed words they could repeat (`/api/public/forms/…`).
 */
export function routeTemplate(pathname: string, params: Record<string, unknown> | undefined): string {
  const left = new Map(Object.entries(params ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (left.size === 0) return pathname;
  const segments = pathname.split("/");
  for (let i = segments.length - 1; i >= 0 && left.size > 0; i--) {
    const segment = safeDecode(segments[i]);
    for (const [name, value] of left) {
      if (value !== segment) continue;
      segments[i] = `{${name}}`;
      left.delete(name);
      break;
    }
  }
  return segments.join("/");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
