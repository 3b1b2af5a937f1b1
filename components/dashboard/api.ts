/**
 * The dashboard's browser-side calls to the REST API (the session cookie
 * authenticates them; the browser sends Origin, which the API's same-origin
 * check for cookie-authenticated changes needs).
 *
 *   const res = await callApi<{ form: { id: string } }>("POST", "/api/forms", { title });
 *   if (!res.ok) show(res.error.message, res.error.details);
 */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody };

export async function callApi<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, error: { code: "network_error", message: "Could not reach the server. Check your connection and try again." } };
  }
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  const error = (data as { error?: ApiErrorBody } | null)?.error ?? { code: "http_error", message: `The server answered HTTP ${res.status}` };
  return { ok: false, status: res.status, error };
}

/** Field errors from an API 400, keyed by path ("slug", "questions.2.key"). */
export function detailsByPath(error: ApiErrorBody): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of error.details ?? []) if (!(d.path in out)) out[d.path] = d.message;
  return out;
}
