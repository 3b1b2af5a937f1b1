import { currentRequest } from "./request-context";

/** Every failure the API reports, with its HTTP status: the one map. */
export const errorStatus = {
  /** Not valid HTTP (answered by scripts/serve.mjs before the app sees it). */
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  invalid_query: 400,
  unknown_template: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  slug_taken: 409,
  conflict: 409,
  form_not_open: 409,
  form_closed: 409,
  form_full: 409,
  already_responded: 409,
  response_finished: 409,
  /** A workspace keeps at least one owner: its last owner cannot leave or be demoted. */
  last_owner: 409,
  /** A personal workspace cannot be deleted, and its user stays its owner. */
  personal_workspace: 409,
  payload_too_large: 413,
  /** An upload would take the form past UPLOAD_MAX_FORM_MB (lib/files). */
  storage_quota_exceeded: 413,
  /** An upload would take the pending uploads (no finished response names them) of its form or client address past their budget (lib/files/budgets.ts). */
  pending_uploads_exceeded: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  /** The malware scanner (CLAMAV_HOST) found something in an upload. */
  file_rejected: 422,
  rate_limited: 429,
  /** Request line and headers over Node's limit (answered by scripts/serve.mjs). */
  headers_too_large: 431,
  internal_error: 500,
  /** CLAMAV_HOST is set but clamd did not answer: uploads are refused, never stored unscanned. */
  scanner_unavailable: 503,
  /** The database does not answer (refused, dropped or timed-out connections): the request may be retried. */
  database_unavailable: 503,
  /** The server is still starting (migrations, background work): GET /api/health/ready. */
  not_ready: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found`);

/** The error shape, with the request's id (its `X-Request-Id` and log line) when a request is under way. */
export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[]) {
  const requestId = currentRequest()?.id;
  return { error: { code, message, ...(details?.length ? { details } : {}), ...(requestId ? { requestId } : {}) } };
}

/** Connection-level failures: Prisma's engine codes, the driver adapters' kinds, Node's socket errors and PostgreSQL's SQLSTATEs. */
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNREACHABLE_MESSAGE = /Can't reach database server|Connection terminated|connect ECONNREFUSED|Server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down)/i;

/** Whether an error (or one of its causes) says the database cannot be reached, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { code, kind, originalCode, message } = current as { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown };
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    if (typeof originalCode === "string" && UNREACHABLE_CODES.has(originalCode)) return true;
    if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGE.test(message)) return true;
    const nested = (current as { errors?: unknown }).errors; // AggregateError (a refused connection on several addresses)
    if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
