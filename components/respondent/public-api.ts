/**
 * The public endpoints the respondent page talks to (no auth; the respondent
 * is the `fl_rid` cookie these endpoints set). Every call resolves, never
 * throws: a network failure is reported as status 0.
 */
import type { Answers } from "@/lib/schema/answers";
import type { ErrorDetail } from "./validate";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: string; message: string; details?: ErrorDetail[] };

export interface SavedResponse {
  id: string;
  finished: boolean;
  submittedAt: string | null;
}

export interface CurrentResponse {
  id: string;
  answers: Answers;
  /** Values of hidden questions. */
  metadata: Record<string, string>;
}

async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    const json = res.status === 204 ? null : await res.json().catch(() => null);
    if (res.ok) return { ok: true, status: res.status, data: json as T };
    const error = json?.error ?? {};
    return { ok: false, status: res.status, code: error.code ?? "error", message: error.message ?? `Request failed (${res.status})`, details: error.details };
  } catch {
    return { ok: false, status: 0, code: "network", message: "No connection. Check your network and try again." };
  }
}

const base = (slug: string) => `/api/public/forms/${encodeURIComponent(slug)}`;

export const recordView = (slug: string) => call<unknown>("POST", `${base(slug)}/views`);

/** `idempotencyKey`: the same key for a resent create, so a retry never stores a second response. */
export const createResponse = (slug: string, body: { answers: Answers; partial?: boolean; startToken?: string; honeypot?: string; language?: string }, idempotencyKey: string) =>
  call<{ response: SavedResponse }>("POST", `${base(slug)}/responses`, body, { "idempotency-key": idempotencyKey });

/** A random key (crypto.randomUUID needs a secure context; plain-HTTP intranets have none). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const updateResponse = (slug: string, id: string, body: { answers: Record<string, Answers[string] | null>; partial?: boolean; startToken?: string; honeypot?: string; language?: string }) =>
  call<{ response: SavedResponse }>("PATCH", `${base(slug)}/responses/${encodeURIComponent(id)}`, body);

/** The respondent's unfinished response to resume after a reload, or null. */
export async function currentResponse(slug: string): Promise<CurrentResponse | null> {
  const result = await call<{ response: CurrentResponse | null }>("GET", `${base(slug)}/responses/current`);
  return result.ok ? result.data?.response ?? null : null;
}

/** "Start over": the respondent's unfinished response and files are deleted, and the respondent cookie cleared. */
export const discardResponse = (slug: string) => call<null>("DELETE", `${base(slug)}/responses/current`);
