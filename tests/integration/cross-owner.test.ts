/**
 * The cross-workspace matrix: owner B's write key and B's dashboard session on
 * every workspace-scoped route of owner A's (personal) workspace answer 404
 * exactly like a missing id (ids leak nothing) and change nothing;
 * A's read key gets 403 on every write route and on reads above a viewer's
 * role; no key, an unknown key and a revoked key get 401 everywhere. A new
 * workspace-scoped route is one line in ROUTES (tests/integration/roles.test.ts
 * has the role matrix inside one workspace).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { personCookie, submit } from "../helpers/responses";
import { baseUrl, client, createOwner, publishedForm, request, type Client, type Owner } from "../helpers/api";
import { pdf, upload } from "./files-suite";
import { routeOperations } from "../helpers/routes";
import { sessionCookie, sessionHeaders } from "../helpers/session";

interface Fixture {
  formId: string;
  responseId: string;
  keyId: string;
  webhookId: string;
  deliveryId: string;
  fileId: string;
  workspaceId: string;
  memberId: string;
  invitationId: string;
}

interface RouteCase {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (f: Fixture) => string;
  body?: unknown;
  /** Needs the write scope. */
  write: boolean;
  /** Needs more than a viewer's role (a read key acts at most as a viewer). */
  aboveViewer?: boolean;
}

const draft = { title: "Hijacked", questions: [{ key: "x", type: "email", title: "Your email" }] };

/** Every route that addresses one of an owner's objects by id. */
const ROUTES: RouteCase[] = [
  { method: "GET", path: (f) => `/api/forms/${f.formId}`, write: false },
  { method: "PATCH", path: (f) => `/api/forms/${f.formId}`, body: { title: "Hijacked", maxResponses: 1 }, write: true },
  { method: "DELETE", path: (f) => `/api/forms/${f.formId}`, write: true },
  { method: "PUT", path: (f) => `/api/forms/${f.formId}/version/draft`, body: draft, write: true },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/publish`, write: true },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/unpublish`, write: true },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/duplicate`, write: true },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/move`, body: { workspaceId: "elsewhere" }, write: true },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/responses`, write: false },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/responses?limit=50&search=ada`, write: false },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}`, write: false },
  { method: "PATCH", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}`, body: { spam: false }, write: true },
  { method: "DELETE", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}`, write: true },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/responses/export`, write: false },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/responses/export?includeMetadata=1`, write: false },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/analytics/summary`, write: false },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/analytics/trend`, write: false },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/notifications`, write: false },
  { method: "PUT", path: (f) => `/api/forms/${f.formId}/notifications`, body: { recipients: ["b@example.test"] }, write: true },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/webhooks`, write: false },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/webhooks`, body: { url: "https://example.com/hook" }, write: true },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}`, write: false },
  { method: "PATCH", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}`, body: { enabled: true }, write: true },
  { method: "DELETE", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}`, write: true },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/rotate-secret`, write: true },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/test`, write: true },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/deliveries`, write: false },
  { method: "POST", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/retry`, write: true },
  { method: "GET", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}/files/${f.fileId}`, write: false },
  // Multipart; the form's owner is checked before the body is read, so no body is needed to get 404.
  { method: "POST", path: (f) => `/api/forms/${f.formId}/assets`, write: true },
  { method: "DELETE", path: (f) => `/api/keys/${f.keyId}`, write: true },
  { method: "PATCH", path: (f) => `/api/workspaces/${f.workspaceId}`, body: { name: "Hijacked" }, write: true },
  { method: "DELETE", path: (f) => `/api/workspaces/${f.workspaceId}`, write: true },
  { method: "GET", path: (f) => `/api/workspaces/${f.workspaceId}/members`, write: false },
  { method: "PATCH", path: (f) => `/api/workspaces/${f.workspaceId}/members/${f.memberId}`, body: { role: "viewer" }, write: true },
  { method: "DELETE", path: (f) => `/api/workspaces/${f.workspaceId}/members/${f.memberId}`, write: true },
  { method: "GET", path: (f) => `/api/workspaces/${f.workspaceId}/invitations`, write: false, aboveViewer: true },
  { method: "POST", path: (f) => `/api/workspaces/${f.workspaceId}/invitations`, body: { email: "b@example.test", role: "owner" }, write: true },
  { method: "DELETE", path: (f) => `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}`, write: true },
  { method: "GET", path: (f) => `/api/workspaces/${f.workspaceId}/audit-log`, write: false, aboveViewer: true },
];

/** Routes that take no id (the caller's own collections), for the 401/403 rows. */
const COLLECTION_ROUTES: RouteCase[] = [
  { method: "GET", path: () => "/api/forms", write: false },
  { method: "POST", path: () => "/api/forms", body: { title: "New" }, write: true },
  { method: "GET", path: () => "/api/keys", write: false },
  { method: "POST", path: () => "/api/keys", body: { name: "k", scope: "write" }, write: true },
  { method: "GET", path: () => "/api/templates", write: false },
  { method: "GET", path: () => "/api/workspaces", write: false },
  { method: "POST", path: () => "/api/workspaces", body: { name: "New" }, write: true },
  // Session only: any key is refused (403), no credentials 401.
  { method: "POST", path: () => `/api/invitations/${"x".repeat(43)}/accept`, write: true },
];

const label = (r: RouteCase) =>
  `${r.method} ${r.path({ formId: ":id", responseId: ":responseId", keyId: ":keyId", webhookId: ":webhookId", deliveryId: ":deliveryId", fileId: ":fileId", workspaceId: ":workspaceId", memberId: ":userId", invitationId: ":invitationId" })}`;

function call(c: Client, r: RouteCase, f: Fixture, headers?: Record<string, string>) {
  const fn = { GET: c.get, POST: c.post, PUT: c.put, PATCH: c.patch, DELETE: c.delete }[r.method];
  return fn(r.path(f), r.body, { headers });
}

let a: Owner;
let b: Owner;
let fixture: Fixture;

/** Everything A owns, as stored (lastUsedAt moves on use, so it is left out). */
async function snapshotOf(owner: Owner) {
  const forms = await db.form.findMany({ where: { workspaceId: owner.userId }, orderBy: { id: "asc" } });
  const formIds = forms.map((f) => f.id);
  return {
    forms,
    versions: await db.formVersion.findMany({ where: { formId: { in: formIds } }, orderBy: { id: "asc" } }),
    responses: await db.response.findMany({ where: { formId: { in: formIds } }, orderBy: { id: "asc" } }),
    answers: await db.answer.findMany({ where: { formId: { in: formIds } }, orderBy: { id: "asc" } }),
    stats: await db.answerStat.findMany({ where: { formId: { in: formIds } }, orderBy: [{ questionKey: "asc" }, { bucket: "asc" }] }),
    keys: await db.apiKey.findMany({ where: { workspaceId: owner.userId }, orderBy: { id: "asc" }, omit: { lastUsedAt: true } }),
    notifications: await db.formNotification.findMany({ where: { formId: { in: formIds } }, orderBy: { formId: "asc" } }),
    webhooks: await db.webhook.findMany({ where: { formId: { in: formIds } }, orderBy: { id: "asc" } }),
    outbox: await db.outboxMessage.findMany({ where: { formId: { in: formIds } }, orderBy: { id: "asc" } }),
    files: await db.storedFile.findMany({ where: { formId: { in: formIds } }, orderBy: { id: "asc" } }),
    workspace: await db.workspace.findUnique({ where: { id: owner.userId } }),
    members: await db.membership.findMany({ where: { workspaceId: owner.userId }, orderBy: { userId: "asc" } }),
    invitations: await db.invitation.findMany({ where: { workspaceId: owner.userId }, orderBy: { id: "asc" } }),
    auditLog: await db.auditLogEntry.count({ where: { workspaceId: owner.userId } }),
  };
}

beforeAll(async () => {
  [a, b] = await Promise.all([createOwner(), createOwner()]);
  const form = await publishedForm(a, {
    title: "A's form",
    questions: [{ key: "name", type: "short-text", title: "Name" }, { key: "source", type: "hidden" }, { key: "cv", type: "file-upload", title: "CV" }],
  });
  const keyId = (await a.api.get("/api/keys")).body.keys.find((k: { name: string }) => k.name === "tests (write)").id;
  // A's webhook and one logged delivery, stored directly: the suite's server
  // refuses webhook URLs it cannot resolve to a public address (no network here).
  // Disabled, so no worker touches them while the matrix runs.
  const webhookId = "wh_" + newId();
  await db.webhook.create({ data: { id: webhookId, workspaceId: a.userId, formId: form.id, url: "https://example.com/hook", events: '["response.finished"]', secret: "v1:unused", enabled: false } });
  const deliveryId = "msg_" + newId();
  const now = new Date();
  await db.outboxMessage.create({ data: { id: deliveryId, channel: "webhook", webhookId, formId: form.id, event: "ping", payload: "{}", status: "failed", nextAttemptAt: now, createdAt: now } });
  // A's response carries a file, uploaded and attached as a respondent does.
  const who = { cookie: personCookie() };
  const uploaded = await upload(baseUrl(), `/api/public/forms/${form.slug}/files?question=cv`, pdf(2048), "cv.pdf", who);
  expect(uploaded.status).toBe(201);
  const fileId: string = uploaded.body.file.id;
  const submitted = await request("POST", `/api/public/forms/${form.slug}/responses`, { answers: { name: "Ada", source: "mail", cv: [fileId] } }, { headers: who });
  expect(submitted.status).toBe(201);
  const invitationId = (await a.api.post(`/api/workspaces/${a.userId}/invitations`, { email: "invited@example.test", role: "viewer" })).body.invitation.id;
  fixture = { formId: form.id, responseId: submitted.body.response.id, keyId, webhookId, deliveryId, fileId, workspaceId: a.userId, memberId: a.userId, invitationId };
  await submit(form.slug, { name: "Grace" }, { partial: true });
  expect((await a.api.put(`/api/forms/${form.id}/notifications`, { recipients: ["a@example.test"] })).status).toBe(200);
  // B owns things too, so "not found" cannot come from B having nothing at all.
  await publishedForm(b, { title: "B's form", questions: [{ key: "name", type: "short-text", title: "Name" }] });
});

describe("the matrix", () => {
  it("covers every route that addresses an owner's object by id", () => {
    const template = (r: RouteCase) =>
      `${r.method} ${r.path({ formId: "{id}", responseId: "{responseId}", keyId: "{id}", webhookId: "{webhookId}", deliveryId: "{deliveryId}", fileId: "{fileId}", workspaceId: "{id}", memberId: "{userId}", invitationId: "{invitationId}" }).split("?")[0]}`;
    const covered = new Set(ROUTES.map(template));
    const ownerScoped = [...routeOperations().keys()].filter((op) => /^\w+ \/api\/(forms|keys|workspaces)\/\{id\}/.test(op));
    expect(ownerScoped.length).toBeGreaterThan(10);
    expect(ownerScoped.filter((op) => !covered.has(op))).toEqual([]);
  });
});

describe("owner B's write key on owner A's objects", () => {
  it.each(ROUTES.map((r) => [label(r), r] as const))("%s → 404 not_found", async (_label, r) => {
    const before = await snapshotOf(a);
    const res = await call(b.api, r, fixture);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(await snapshotOf(a)).toEqual(before);
  });

  const withoutRequestId = (body: unknown): unknown => {
    if (!body || typeof body !== "object" || !("error" in body)) return body;
    const { requestId, ...error } = (body as { error: Record<string, unknown> }).error;
    expect(typeof requestId === "string" || requestId === undefined).toBe(true);
    return { ...body, error };
  };

  it("answers exactly as for a missing id (same status, code and message)", { timeout: 120_000 }, async () => {
    for (const r of ROUTES) {
      const theirs = await call(b.api, r, fixture);
      const missing = await call(b.api, r, {
        formId: newId(), responseId: newId(), keyId: newId(), webhookId: newId(), deliveryId: newId(), fileId: newId(), workspaceId: newId(), memberId: newId(), invitationId: newId(),
      });
      // Every error body carries its own request's id; the rest must be identical.
      expect({ route: label(r), status: theirs.status, body: withoutRequestId(theirs.body) }).toEqual({ route: label(r), status: missing.status, body: withoutRequestId(missing.body) });
    }
  });

  it("B's own response id under A's form, and A's response id under B's form, are 404", async () => {
    const bForm = (await b.api.get("/api/forms")).body.forms[0].id;
    const mixed = { ...fixture, formId: bForm };
    for (const r of ROUTES.filter((x) => x.path(fixture).includes(fixture.responseId))) {
      const res = await call(b.api, r, mixed);
      expect(res.status, label(r)).toBe(404);
    }
  });

  it("B's lists never show A's forms or keys, and B's duplicate made nothing", async () => {
    const forms = (await b.api.get("/api/forms")).body.forms;
    expect(forms.map((f: { title: string }) => f.title)).toEqual(["B's form"]);
    const keys = (await b.api.get("/api/keys")).body.keys.map((k: { id: string }) => k.id);
    expect(keys).not.toContain(fixture.keyId);
    expect(await db.form.count({ where: { workspaceId: b.userId } })).toBe(1);
  });

  it("A still sees all of it, unchanged", async () => {
    const form = (await a.api.get(`/api/forms/${fixture.formId}`)).body.form;
    expect(form).toMatchObject({ title: "A's form", status: "published", responseCount: 1, maxResponses: null });
    expect((await a.api.get(`/api/forms/${fixture.formId}/responses/${fixture.responseId}`)).status).toBe(200);
    expect((await a.api.get("/api/forms")).status).toBe(200); // A's write key was never revoked
  });
});

describe("owner B's dashboard session on owner A's objects", () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = sessionHeaders(await sessionCookie(b.email, b.password));
  });

  it.each(ROUTES.map((r) => [label(r), r] as const))("%s → 404 not_found", async (_label, r) => {
    const before = await snapshotOf(a);
    const res = await call(client(), r, fixture, headers);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(await snapshotOf(a)).toEqual(before);
  });
});

describe("owner A's read key on A's write routes", () => {
  it.each([...ROUTES, ...COLLECTION_ROUTES].filter((r) => r.write || r.aboveViewer).map((r) => [label(r), r] as const))("%s → 403 forbidden", async (_label, r) => {
    const before = await snapshotOf(a);
    const res = await call(a.readApi, r, fixture);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect(await snapshotOf(a)).toEqual(before);
  });

  it.each([...ROUTES, ...COLLECTION_ROUTES].filter((r) => !r.write && !r.aboveViewer).map((r) => [label(r), r] as const))("%s → 200 (reads are allowed)", async (_label, r) => {
    const res = await call(a.readApi, r, fixture);
    expect(res.status).toBe(200);
  });
});

describe("no key, an unknown key, a revoked key", () => {
  let revoked: Client;
  beforeAll(async () => {
    const made = await a.api.post("/api/keys", { name: "soon revoked", scope: "write" });
    expect((await a.api.delete(`/api/keys/${made.body.id}`)).status).toBe(204);
    revoked = client(made.body.key);
  });

  it.each([...ROUTES, ...COLLECTION_ROUTES].map((r) => [label(r), r] as const))("%s → 401 unauthorized", async (_label, r) => {
    const before = await snapshotOf(a);
    for (const c of [client(), client("flk_" + "A".repeat(43)), revoked]) {
      const res = await call(c, r, fixture);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
    expect(await snapshotOf(a)).toEqual(before);
  });
});
