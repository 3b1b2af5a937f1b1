/**
 * The one wrapper every API route goes through:
 * authenticate → parse params/query/body → call → map errors.
 * Route files only declare their auth mode, schemas, documentation and one
 * domain call; the OpenAPI document is generated from those declarations.
 */
import { randomUUID } from "node:crypto";
import { NextRequest, NextResponse } from "next/server";
import { z } from "zod";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { sessionUserId } from "@/lib/auth/session";
import { resolveWorkspace, type Caller, type WorkspaceTarget } from "@/lib/workspaces/access";
import type { OperationDoc } from "@/lib/openapi/endpoint";
import type { Actor } from "@/lib/workspaces/actor";
import { atLeast, type Role } from "@/lib/workspaces/roles";
import { clientIp } from "./client-ip";
import { AppError, errorBody, errorStatus, isDatabaseUnavailable, type ErrorDetail } from "./errors";
import { BODY_LIMITS, readCappedBytes, readJson } from "./body";
import { NUL_MESSAGE, nulPath } from "./nul";
import { parseQuery } from "./query";
import { currentRequest, routeTemplate } from "./request-context";
import { errorField, log } from "@/lib/observability/log";

/** The JSON API's body limit (lib/http/body.ts has every endpoint kind's). */
export const MAX_BODY_BYTES = BODY_LIMITS.json;

/** Who calls, before any workspace: what routes on the caller's own account get. */
export type { Caller } from "@/lib/workspaces/access";

/**
 * Who calls, the workspace the request acts in and their role there
 * (resolved once per request, before the handler runs).
 */
export type Principal = Caller & Actor;

/**
 * Where a route's workspace comes from: "form" (params.id is a form id),
 * "workspace" (params.id is a workspace id), "key" (params.id is an API key
 * id), "chosen" (optional `workspaceId` in the query or body; default: the
 * caller's personal workspace; with an API key: the key's workspace).
 */
export type WorkspaceSource = WorkspaceTarget["kind"];

type Schema = z.ZodType;
/** Path parameters and query strings are flat objects (the OpenAPI document lists their properties). */
type ObjectSchema = z.ZodObject;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/**
 * What a route declares besides its handler. The wrapper enforces it, and the
 * OpenAPI document (lib/openapi/document.ts) is generated from it, so the two
 * cannot disagree.
 */
export interface RouteDeclaration<P = ObjectSchema | undefined, Q = ObjectSchema | undefined, B = Schema | undefined> {
  /**
   * "read" lets read keys in; "write" needs a write key or a session;
   * "session" needs a signed-in dashboard user (no key); "public" needs nothing.
   */
  auth: "read" | "write" | "session" | "public";
  /**
   * The least workspace role the route needs (lib/workspaces/roles.ts); a
   * caller below it gets 403 `forbidden`, a caller outside the workspace 404.
   * null: the route acts on the caller's own account, in no workspace.
   */
  role?: Role | null;
  /** Where the workspace comes from (see WorkspaceSource). */
  workspace?: WorkspaceSource;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Status of a successful answer: the wrapper sends a JSON result with it
   * (default 200; a handler returning nothing answers 204). A handler that
   * builds its own Response answers this status too.
   */
  status?: number;
  /** What the OpenAPI document says besides the above: tag, summary, the success answer, further errors. */
  doc: OperationDoc;
}

interface RouteSpec<P extends ObjectSchema | undefined, Q extends ObjectSchema | undefined, B extends Schema | undefined, R> extends RouteDeclaration<P, Q, B> {
  handler: (ctx: {
    req: NextRequest;
    params: Out<P>;
    query: Out<Q>;
    body: Out<B>;
    principal: R;
  }) => Promise<unknown>;
}

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const declarations = new WeakMap<object, RouteDeclaration>();

/** The declaration of a handler made by route(); undefined for any other export (allowOnly's 405 handlers). */
export function declarationOf(handler: unknown): RouteDeclaration | undefined {
  return typeof handler === "function" ? declarations.get(handler) : undefined;
}

export function route<P extends ObjectSchema | undefined, Q extends ObjectSchema | undefined, B extends Schema | undefined>(
  spec: RouteSpec<P, Q, B, Principal> & { auth: "read" | "write"; role: Role; workspace: WorkspaceSource },
): RouteHandler;
export function route<P extends ObjectSchema | undefined, Q extends ObjectSchema | undefined, B extends Schema | undefined>(
  spec: RouteSpec<P, Q, B, Caller> & { auth: "read" | "write" | "session"; role: null },
): RouteHandler;
export function route<P extends ObjectSchema | undefined, Q extends ObjectSchema | undefined, B extends Schema | undefined>(
  spec: RouteSpec<P, Q, B, null> & { auth: "public" },
): RouteHandler;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above carry the types
export function route(spec: RouteSpec<any, any, any, any>): RouteHandler {
  const handler: RouteHandler = async (req, ctx) => {
    try {
      const rawParams = await ctx.params;
      // The log line's and the metrics' route label: the template, never the ids.
      const request = currentRequest();
      if (request) request.route = routeTemplate(req.nextUrl.pathname, rawParams);
      const caller = spec.auth === "public" ? null : await authenticate(req, spec.auth);
      const params = spec.params ? validate(spec.params, rawParams, "validation_failed", "Invalid path parameter") : undefined;
      const query = spec.query ? validate(spec.query, parseQuery(req.nextUrl.searchParams), "invalid_query", "Invalid query parameters") : undefined;
      if (!spec.query) rejectUnknownQuery(req);
      const body = spec.body ? validate(spec.body, await readJson(req), "validation_failed", "The request body is invalid") : undefined;
      const principal = caller && spec.role ? await authorize(req, caller, spec.role, spec.workspace!, params, query, body) : caller;
      const result = await spec.handler({ req, params, query, body, principal });
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return NextResponse.json(result, { status: spec.status ?? 200 });
    } catch (error) {
      return errorResponse(error);
    }
  };
  const { handler: _call, ...declaration } = spec;
  declarations.set(handler, declaration);
  return handler;
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return NextResponse.json(errorBody(error.code, error.message, error.details), { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ requestId: currentRequest()?.id, err: errorField(error) }, "database unavailable");
    return NextResponse.json(errorBody("database_unavailable", "The database is unavailable; try again shortly"), { status: errorStatus.database_unavailable, headers: { "retry-after": "5" } });
  }
  // Never internals in the body; the request id ties the answer to the log line.
  const requestId = currentRequest()?.id ?? randomUUID();
  log.error({ requestId, err: errorField(error) }, "unhandled error");
  return NextResponse.json(
    { error: { code: "internal_error", message: "Something went wrong on our side", requestId } },
    { status: 500 },
  );
}

async function authenticate(req: NextRequest, needs: "read" | "write" | "session"): Promise<Caller> {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const key = match ? await authenticateApiKey(match[1]) : null;
    if (!key) throw new AppError("unauthorized", "Invalid or revoked API key");
    if (needs === "session") throw new AppError("forbidden", "This request needs a dashboard session; API keys cannot make it");
    const readsOnly = req.method === "GET" || req.method === "HEAD";
    if (key.scope === "read" && (needs === "write" || !readsOnly)) {
      throw new AppError("forbidden", "This API key has the read scope; this request needs a write key");
    }
    return { userId: key.userId, via: "key", key: { id: key.keyId, workspaceId: key.workspaceId, scope: key.scope, label: key.label } };
  }
  const userId = await sessionUserId(req);
  if (!userId) throw new AppError("unauthorized", "Send Authorization: Bearer <API key> or sign in");
  // Cookies ride along on cross-site requests: a session may only change
  // things from our own pages.
  if (req.method !== "GET" && req.method !== "HEAD" && !isSameOrigin(req)) {
    throw new AppError("forbidden", "Cross-site request refused");
  }
  return { userId, via: "session", key: null };
}

/**
 * The workspace the request acts in and the caller's role there (one indexed
 * query, lib/workspaces/access.ts), checked against the route's least role:
 * outside the workspace → 404 (from resolveWorkspace), below the role → 403.
 */
async function authorize(
  req: NextRequest,
  caller: Caller,
  least: Role,
  source: WorkspaceSource,
  params: unknown,
  query: unknown,
  body: unknown,
): Promise<Principal> {
  const target: WorkspaceTarget =
    source === "chosen"
      ? { kind: "chosen", id: chosenWorkspace(query) ?? chosenWorkspace(body) }
      : { kind: source, id: (params as { id: string }).id };
  const { workspaceId, role } = await resolveWorkspace(caller, target);
  if (!atLeast(role, least)) {
    throw new AppError("forbidden", `This needs the ${least} role in this workspace; yours is ${role}`);
  }
  return { ...caller, workspaceId, role, keyId: caller.key?.id ?? null, keyLabel: caller.key?.label ?? null, ip: clientIp(req.headers) };
}

function chosenWorkspace(input: unknown): string | undefined {
  const id = (input as { workspaceId?: unknown } | undefined)?.workspaceId;
  return typeof id === "string" ? id : undefined;
}

function isSameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return req.headers.get("sec-fetch-site") === "same-origin";
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function validate<S extends Schema>(schema: S, input: unknown, code: "validation_failed" | "invalid_query", message: string): z.output<S> {
  const nul = nulPath(input);
  if (nul !== null) throw new AppError(code, message, [{ path: nul, message: NUL_MESSAGE }]);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError(code, message, zodDetails(result.error));
}

export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(",") : ""),
    message: issue.message,
  }));
}

function rejectUnknownQuery(req: NextRequest) {
  const keys = [...new Set(req.nextUrl.searchParams.keys())];
  if (keys.length) {
    throw new AppError("invalid_query", `Unknown query parameter: ${keys.join(", ")}`, keys.map((k) => ({ path: k, message: "Unknown query parameter" })));
  }
}

/**
 * For a handler that reads the body itself (next-auth): the body is read
 * through the capped reader first, and the handler gets a new request
 * carrying those bytes, so it cannot read past the cap.
 */
export function withCappedBody<C>(handler: (req: NextRequest, ctx: C) => Promise<Response>, limit: number) {
  return async (req: NextRequest, ctx: C): Promise<Response> => {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readCappedBytes(req, limit);
    } catch (error) {
      return errorResponse(error);
    }
    const headers = new Headers(req.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(body.byteLength));
    return handler(new NextRequest(req.url, { method: req.method, headers, body: body.byteLength ? body : null, signal: req.signal }), ctx);
  };
}
