/**
 * The role matrix: every non-public route, called by a member of each role
 * (viewer, editor, admin, owner) of one team workspace through their
 * dashboard session, answers what the role table (docs/features/workspaces.md) says — the success
 * status, 403 `forbidden` above the caller's role, or 404 where the object is
 * not theirs to see. A route without a row fails the test.
 *
 * Each role works on its own copy of every object (form with a response, a
 * file and a webhook; a member to change and remove; an invitation; an owner's
 * key; a spare workspace to delete), so a route one role may use (DELETE) does
 * not change what the next role sees. Rows run in order, deletions last
 * (the webhook is stored disabled and enabled by the PATCH row, which the
 * ping and retry rows then need).
 *
 * Every change names the audit action it writes, or why it writes none: a
 * successful call must add exactly one entry of that action by the caller,
 * a refused one none.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import { endpoints } from "@/lib/openapi/document";
import { newId } from "@/lib/ids";
import { createInvitation } from "@/lib/workspaces/invitations";
import { personalActor } from "@/lib/workspaces/actor";
import type { AuditAction } from "@/lib/workspaces/audit-actions";
import { roles, type Role } from "@/lib/workspaces/roles";
import { createWorkspace } from "@/lib/workspaces/workspaces";
import { baseUrl, client, createOwner, request, type Owner } from "../helpers/api";
import { personCookie, submit } from "../helpers/responses";
import { sessionCookie, sessionHeaders } from "../helpers/session";
import { pdf, png, upload } from "./files-suite";

interface Fixture {
  workspaceId: string;
  formId: string;
  responseId: string;
  fileId: string;
  webhookId: string;
  deliveryId: string;
  victimId: string;
  invitationId: string;
  ownerKeyId: string;
  spareWorkspaceId: string;
  /** A form of its own for the move row (a moved form is gone from the team for the rows after it). */
  moveFormId: string;
}

type Expect = Record<Role, number>;
const from = (least: Role, ok: number, below = 403): Expect =>
  Object.fromEntries(roles.map((r) => [r, roles.indexOf(r) >= roles.indexOf(least) ? ok : below])) as Expect;

interface Row {
  op: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  upload?: boolean;
  expect: Expect;
  why?: string;
  /** What a successful call writes to the audit log (by the caller); a refused one writes nothing. */
  audit?: AuditAction;
  /** Or why a change writes no entry. */
  noAudit?: string;
}

const draft = { title: "Team form", questions: [{ key: "name", type: "short-text", title: "Name" }, { key: "cv", type: "file-upload", title: "CV" }] };
const unique = () => newId().toLowerCase();

/** In order: the deleting rows come last, each after every row that needs its object. */
const ROWS: Row[] = [
  { op: "GET /api/workspaces", path: () => "/api/workspaces", expect: from("viewer", 200) },
  { op: "POST /api/workspaces", noAudit: "its only member is its creator, who owns it; the log starts with it", path: () => "/api/workspaces", body: () => ({ name: "Mine" }), expect: from("viewer", 201), why: "any user may create a workspace" },
  { op: "PATCH /api/workspaces/{id}", audit: "workspace.renamed", path: (f) => `/api/workspaces/${f.workspaceId}`, body: () => ({ name: "Team" }), expect: from("owner", 200) },
  { op: "GET /api/workspaces/{id}/members", path: (f) => `/api/workspaces/${f.workspaceId}/members`, expect: from("viewer", 200) },
  { op: "PATCH /api/workspaces/{id}/members/{userId}", audit: "member.role_changed", path: (f) => `/api/workspaces/${f.workspaceId}/members/${f.victimId}`, body: () => ({ role: "editor" }), expect: from("admin", 200) },
  { op: "GET /api/workspaces/{id}/invitations", path: (f) => `/api/workspaces/${f.workspaceId}/invitations`, expect: from("admin", 200) },
  { op: "POST /api/workspaces/{id}/invitations", audit: "member.invited", path: (f) => `/api/workspaces/${f.workspaceId}/invitations`, body: () => ({ email: `new-${unique()}@example.test`, role: "viewer" }), expect: from("admin", 201) },
  { op: "DELETE /api/workspaces/{id}/invitations/{invitationId}", audit: "invitation.revoked", path: (f) => `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}`, expect: from("admin", 204) },
  { op: "GET /api/workspaces/{id}/audit-log", path: (f) => `/api/workspaces/${f.workspaceId}/audit-log`, expect: from("admin", 200) },
  { op: "GET /api/templates", path: () => "/api/templates", expect: from("viewer", 200) },
  { op: "GET /api/forms", path: (f) => `/api/forms?workspaceId=${f.workspaceId}`, expect: from("viewer", 200) },
  { op: "POST /api/forms", audit: "form.created", path: () => "/api/forms", body: (f) => ({ title: "New", workspaceId: f.workspaceId }), expect: from("editor", 201) },
  { op: "GET /api/keys", path: (f) => `/api/keys?workspaceId=${f.workspaceId}`, expect: from("viewer", 200) },
  { op: "POST /api/keys", audit: "key.created", path: () => "/api/keys", body: (f) => ({ name: "mine", scope: "write", workspaceId: f.workspaceId }), expect: from("viewer", 201), why: "every member may create keys for themselves" },
  { op: "DELETE /api/keys/{id}", audit: "key.revoked", path: (f) => `/api/keys/${f.ownerKeyId}`, expect: from("admin", 204, 404), why: "below admin only one's own keys exist" },
  { op: "GET /api/forms/{id}", path: (f) => `/api/forms/${f.formId}`, expect: from("viewer", 200) },
  { op: "PATCH /api/forms/{id}", noAudit: "the form's own title and settings", path: (f) => `/api/forms/${f.formId}`, body: () => ({ title: "Renamed" }), expect: from("editor", 200) },
  { op: "PUT /api/forms/{id}/version/draft", noAudit: "the draft is not live until published", path: (f) => `/api/forms/${f.formId}/version/draft`, body: () => draft, expect: from("editor", 200) },
  { op: "POST /api/forms/{id}/publish", audit: "form.schema_published", path: (f) => `/api/forms/${f.formId}/publish`, expect: from("editor", 200) },
  { op: "POST /api/forms/{id}/unpublish", audit: "form.unpublished", path: (f) => `/api/forms/${f.formId}/unpublish`, expect: from("editor", 200) },
  { op: "POST /api/forms/{id}/duplicate", audit: "form.created", path: (f) => `/api/forms/${f.formId}/duplicate`, expect: from("editor", 201) },
  { op: "GET /api/forms/{id}/responses", path: (f) => `/api/forms/${f.formId}/responses`, expect: from("viewer", 200) },
  { op: "GET /api/forms/{id}/responses/{responseId}", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}`, expect: from("viewer", 200) },
  { op: "GET /api/forms/{id}/responses/export", path: (f) => `/api/forms/${f.formId}/responses/export`, expect: from("viewer", 200) },
  { op: "GET /api/forms/{id}/analytics/summary", path: (f) => `/api/forms/${f.formId}/analytics/summary`, expect: from("viewer", 200) },
  { op: "GET /api/forms/{id}/analytics/trend", path: (f) => `/api/forms/${f.formId}/analytics/trend`, expect: from("viewer", 200) },
  { op: "GET /api/forms/{id}/responses/{responseId}/files/{fileId}", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}/files/${f.fileId}`, expect: from("viewer", 200) },
  { op: "GET /api/forms/{id}/notifications", path: (f) => `/api/forms/${f.formId}/notifications`, expect: from("viewer", 200) },
  { op: "PUT /api/forms/{id}/notifications", audit: "notifications.updated", path: (f) => `/api/forms/${f.formId}/notifications`, body: () => ({ recipients: ["team@example.test"] }), expect: from("editor", 200) },
  { op: "GET /api/forms/{id}/webhooks", path: (f) => `/api/forms/${f.formId}/webhooks`, expect: from("viewer", 200) },
  {
    op: "POST /api/forms/{id}/webhooks", audit: "webhook.created", path: (f) => `/api/forms/${f.formId}/webhooks`, body: () => ({ url: "https://example.com/hook" }),
    // This suite's server has no network: the URL is refused (400) after the role check, which is what the row is about.
    expect: from("editor", 400),
  },
  { op: "GET /api/forms/{id}/webhooks/{webhookId}", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}`, expect: from("viewer", 200) },
  { op: "PATCH /api/forms/{id}/webhooks/{webhookId}", audit: "webhook.updated", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}`, body: () => ({ description: "team hook", enabled: true }), expect: from("editor", 200) },
  { op: "POST /api/forms/{id}/webhooks/{webhookId}/rotate-secret", audit: "webhook.updated", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/rotate-secret`, expect: from("editor", 200) },
  { op: "GET /api/forms/{id}/webhooks/{webhookId}/deliveries", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/deliveries`, expect: from("viewer", 200) },
  { op: "POST /api/forms/{id}/webhooks/{webhookId}/test", noAudit: "a ping to the webhook as it is; nothing changes", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/test`, expect: from("editor", 200) },
  { op: "POST /api/forms/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/retry", noAudit: "sends again what was sent, to the same place", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/retry`, expect: from("editor", 200) },
  { op: "POST /api/forms/{id}/assets", noAudit: "the form's own content (an image)", path: (f) => `/api/forms/${f.formId}/assets`, upload: true, expect: from("editor", 201) },
  { op: "POST /api/forms/{id}/move", audit: "form.moved_out", path: (f) => `/api/forms/${f.moveFormId}/move`, body: (f) => ({ workspaceId: f.spareWorkspaceId }), expect: from("admin", 200), why: "admin where the form is; the spare workspace, where each member has the same role, needs editor" },
  { op: "DELETE /api/forms/{id}/webhooks/{webhookId}", audit: "webhook.deleted", path: (f) => `/api/forms/${f.formId}/webhooks/${f.webhookId}`, expect: from("editor", 204) },
  { op: "PATCH /api/forms/{id}/responses/{responseId}", noAudit: "the fixture's response is not held, so restoring it changes nothing (a restore writes response.restored)", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}`, body: () => ({ spam: false }), expect: from("editor", 200) },
  { op: "DELETE /api/forms/{id}/responses/{responseId}", audit: "response.deleted", path: (f) => `/api/forms/${f.formId}/responses/${f.responseId}`, expect: from("editor", 204) },
  { op: "DELETE /api/forms/{id}", audit: "form.deleted", path: (f) => `/api/forms/${f.formId}`, expect: from("editor", 204) },
  { op: "DELETE /api/workspaces/{id}/members/{userId}", audit: "member.removed", path: (f) => `/api/workspaces/${f.workspaceId}/members/${f.victimId}`, expect: from("admin", 204) },
  { op: "DELETE /api/workspaces/{id}", noAudit: "the log is deleted with the workspace", path: (f) => `/api/workspaces/${f.spareWorkspaceId}`, expect: from("owner", 204) },
  {
    op: "POST /api/invitations/{token}/accept", audit: "member.joined", path: () => `/api/invitations/${"x".repeat(43)}/accept`,
    // No workspace role: an invitation is accepted by the invited account only (tests/integration/workspaces.test.ts).
    expect: from("viewer", 404),
  },
];

let owner: Owner;
let teamId: string;
const members = new Map<Role, { user: Owner; headers: Record<string, string>; fixture: Fixture }>();

async function fixtureFor(role: Role, user: Owner, ownerKey: string): Promise<Fixture> {
  const api = client(ownerKey);
  const form = (await api.post("/api/forms", { title: `Form of the ${role}` })).body.form.id as string;
  expect((await api.put(`/api/forms/${form}/version/draft`, draft)).status).toBe(200);
  const slug = (await api.post(`/api/forms/${form}/publish`)).body.form.slug as string;
  const who = { cookie: personCookie() };
  const uploaded = await upload(baseUrl(), `/api/public/forms/${slug}/files?question=cv`, pdf(1024), "cv.pdf", who);
  expect(uploaded.status).toBe(201);
  const submitted = await request("POST", `/api/public/forms/${slug}/responses`, { answers: { name: "Ada", cv: [uploaded.body.file.id] } }, { headers: who });
  expect(submitted.status).toBe(201);
  await submit(slug, { name: "Grace" });
  const webhookId = "wh_" + newId();
  await db.webhook.create({ data: { id: webhookId, workspaceId: teamId, formId: form, url: "https://example.com/hook", events: '["response.finished"]', secret: "v1:unused", enabled: false } });
  const deliveryId = "msg_" + newId();
  const now = new Date();
  await db.outboxMessage.create({ data: { id: deliveryId, channel: "webhook", webhookId, formId: form, event: "ping", payload: "{}", status: "failed", nextAttemptAt: now, createdAt: now } });
  const victim = await createOwner();
  await db.membership.create({ data: { workspaceId: teamId, userId: victim.userId, role: "viewer" } });
  const ownerActor = { ...personalActor(owner.userId), workspaceId: teamId };
  const invitation = await createInvitation(ownerActor, { email: `invited-${unique()}@example.test`, role: "viewer" });
  const ownerKey2 = await createApiKey(ownerActor, { name: `for the ${role}`, scope: "read" });
  const spare = (await createWorkspace(owner.userId, { name: `Spare of the ${role}` })).workspace.id;
  const moveFormId = (await api.post("/api/forms", { title: `To move, of the ${role}` })).body.form.id as string;
  await db.membership.create({ data: { workspaceId: spare, userId: user.userId, role } });
  return {
    workspaceId: teamId, formId: form, responseId: submitted.body.response.id, fileId: uploaded.body.file.id, webhookId, deliveryId,
    victimId: victim.userId, invitationId: invitation.invitation.id, ownerKeyId: ownerKey2.id, spareWorkspaceId: spare, moveFormId,
  };
}

beforeAll(async () => {
  owner = await createOwner();
  teamId = (await createWorkspace(owner.userId, { name: "Team" })).workspace.id;
  const ownerKey = (await createApiKey({ ...personalActor(owner.userId), workspaceId: teamId }, { name: "setup", scope: "write" })).key;
  for (const role of roles) {
    const user = await createOwner();
    await db.membership.create({ data: { workspaceId: teamId, userId: user.userId, role } });
    const headers = sessionHeaders(await sessionCookie(user.email, user.password));
    members.set(role, { user, headers, fixture: await fixtureFor(role, user, ownerKey) });
  }
}, 240_000);

describe("the role matrix", () => {
  it("has a row for every route that needs a signed-in caller", () => {
    const covered = new Set(ROWS.map((r) => r.op));
    // As route() declares them (openapi.test.ts checks that every route file is among them).
    const routes = endpoints.filter((e) => e.auth !== "public").map((e) => `${e.method} ${e.path}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((op) => !covered.has(op))).toEqual([]);
    expect([...covered].filter((op) => !routes.includes(op))).toEqual([]);
  });

  it("says for every change which audit action it writes, or why none", () => {
    const changes = ROWS.filter((r) => !r.op.startsWith("GET "));
    expect(changes.filter((r) => (r.audit === undefined) === (r.noAudit === undefined)).map((r) => r.op)).toEqual([]);
  });

  it.each(roles.map((r) => [r]))("as %s: every route answers its row's status", { timeout: 180_000 }, async (role) => {
    const { user, headers, fixture } = members.get(role)!;
    const wrong: string[] = [];
    const logged = (action: AuditAction) => db.auditLogEntry.count({ where: { actorId: user.userId, action } });
    for (const row of ROWS) {
      const path = row.path(fixture);
      const method = row.op.split(" ")[0];
      const before = row.audit && (await logged(row.audit));
      const res = row.upload
        ? await upload(baseUrl(), path, png(), "logo.png", headers)
        : await request(method, path, row.body?.(fixture), { headers });
      const expected = row.expect[role];
      if (res.status !== expected) wrong.push(`${row.op}: ${res.status} (expected ${expected}) ${typeof res.body === "string" ? res.body.slice(0, 120) : JSON.stringify(res.body).slice(0, 160)}`);
      else if (expected === 403 && res.body.error?.code !== "forbidden") wrong.push(`${row.op}: 403 without code forbidden`);
      if (row.audit) {
        const added = (await logged(row.audit)) - (before as number);
        const want = res.status < 300 ? 1 : 0;
        if (added !== want) wrong.push(`${row.op}: ${added} ${row.audit} entries (expected ${want})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
