/**
 * Test clients over real HTTP against the suite's server, and owners created
 * straight in the suite's database (the same way the admin CLI does).
 */
import { randomBytes } from "node:crypto";
import { createApiKey } from "@/lib/auth/api-keys";
import { personalActor } from "@/lib/workspaces/actor";
import { createUser } from "@/lib/auth/users";

export const baseUrl = () => process.env.TEST_BASE_URL!;

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as-is (not JSON-encoded) when a string. */
  raw?: string;
}

export async function request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(baseUrl() + path, { method, headers, body: payload, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

export type Client = ReturnType<typeof client>;

/** A client that sends `Authorization: Bearer <key>` (or nothing). */
export function client(key?: string) {
  const auth: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const call = <T = any>(method: string) => (path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(method, path, body, { ...options, headers: { ...auth, ...options.headers } });
  return { get: call("GET"), post: call("POST"), patch: call("PATCH"), put: call("PUT"), delete: call("DELETE"), key };
}

export interface Owner {
  userId: string;
  email: string;
  password: string;
  api: Client;
  readApi: Client;
  writeKey: string;
  readKey: string;
}

/** A new user with a write key and a read key; each test gets its own, so tests never share data. */
export async function createOwner(): Promise<Owner> {
  const email = `owner-${randomBytes(6).toString("hex")}@example.test`;
  const password = "correct horse battery staple";
  const user = await createUser({ email, password });
  const write = await createApiKey(personalActor(user.id), { name: "tests (write)", scope: "write" });
  const read = await createApiKey(personalActor(user.id), { name: "tests (read)", scope: "read" });
  return { userId: user.id, email, password, api: client(write.key), readApi: client(read.key), writeKey: write.key, readKey: read.key };
}

/** Creates a form with the given draft schema, publishes it, returns id and slug. */
export async function publishedForm(owner: Pick<Owner, "api">, schema: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const created = await owner.api.post("/api/forms", { title: (schema.title as string) ?? "Test form" });
  const id = created.body.form.id as string;
  const draft = await owner.api.put(`/api/forms/${id}/version/draft`, { title: "Test form", ...schema });
  if (draft.status !== 200) throw new Error(`draft: ${draft.text}`);
  if (Object.keys(settings).length) {
    const patched = await owner.api.patch(`/api/forms/${id}`, settings);
    if (patched.status !== 200) throw new Error(`settings: ${patched.text}`);
  }
  const published = await owner.api.post(`/api/forms/${id}/publish`);
  if (published.status !== 200) throw new Error(`publish: ${published.text}`);
  return { id, slug: published.body.form.slug as string };
}
