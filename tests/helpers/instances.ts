/**
 * For tests that run their own app processes (several instances, kill -9,
 * shutdown) on their own database: an owner's API against any base URL, a
 * published form, public submissions, and reading the database directly with
 * a connection of its own (what another process would see: committed rows).
 */
import Database from "better-sqlite3";
import pg from "pg";
import { sqliteFilePath } from "@/lib/db/url";

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

async function call(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text, headers: res.headers };
}

/** The owner's write API (Bearer key) on one instance. */
export function ownerApi(baseUrl: string, key: string) {
  const auth = { authorization: `Bearer ${key}` };
  return {
    get: (path: string) => call(baseUrl, "GET", path, undefined, auth),
    post: (path: string, body?: unknown) => call(baseUrl, "POST", path, body, auth),
    put: (path: string, body?: unknown) => call(baseUrl, "PUT", path, body, auth),
    patch: (path: string, body?: unknown) => call(baseUrl, "PATCH", path, body, auth),
  };
}

/** Creates, fills in and publishes a form; returns its id and public slug. */
export async function createPublishedForm(api: ReturnType<typeof ownerApi>, schema: { title: string; questions: unknown[] }, settings: Record<string, unknown> = {}) {
  const created = await api.post("/api/forms", { title: schema.title });
  if (created.status !== 201) throw new Error(`create form: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.form.id as string;
  const draft = await api.put(`/api/forms/${id}/version/draft`, schema);
  if (draft.status !== 200) throw new Error(`draft: ${JSON.stringify(draft.body)}`);
  if (Object.keys(settings).length) {
    const patched = await api.patch(`/api/forms/${id}`, settings);
    if (patched.status !== 200) throw new Error(`settings: ${JSON.stringify(patched.body)}`);
  }
  const published = await api.post(`/api/forms/${id}/publish`);
  if (published.status !== 200) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  return { id, slug: published.body.form.slug as string };
}

export interface Submission {
  status: number;
  /** The stored response's id, on 201. */
  id?: string;
  /** The error code otherwise. */
  code?: string;
}

/** One public submission (no auth); `headers` may carry a cookie or X-Forwarded-For. */
export async function submit(baseUrl: string, slug: string, answers: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Submission> {
  const reply = await call(baseUrl, "POST", `/api/public/forms/${slug}/responses`, { answers }, headers);
  if (reply.status === 201) return { status: 201, id: reply.body.response.id };
  return { status: reply.status, code: typeof reply.body === "object" ? reply.body?.error?.code : undefined };
}

/** Runs one read query on its own connection (SQL with $1… placeholders on both databases). */
export async function queryDatabase<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  if (url.startsWith("file:")) {
    const conn = new Database(sqliteFilePath(url), { readonly: true });
    try {
      const named = Object.fromEntries(params.map((value, i) => [`p${i + 1}`, value]));
      return conn.prepare(sql.replace(/\$(\d+)/g, "@p$1")).all(named) as T[];
    } finally {
      conn.close();
    }
  }
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    return (await conn.query(sql, params)).rows as T[];
  } finally {
    await conn.end();
  }
}

/** Runs statements (no parameters) one after the other on a connection of its own, as another process would. */
export async function execDatabase(url: string, statements: string[]): Promise<void> {
  if (url.startsWith("file:")) {
    const conn = new Database(sqliteFilePath(url));
    try {
      for (const s of statements) conn.exec(s);
    } finally {
      conn.close();
    }
    return;
  }
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    for (const s of statements) await conn.query(s);
  } finally {
    await conn.end();
  }
}

/** Runs the tasks with at most `concurrency` in flight; results in task order. */
export async function inBatches<T>(items: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await items[i]();
      }
    }),
  );
  return results;
}
