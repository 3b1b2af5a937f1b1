/**
 * Workspaces end to end over HTTP: invitations (link, accept, wrong account,
 * expiry, reuse, revocation, sign-up through the link with open sign-up off),
 * members (roles, leaving, last-owner and personal-workspace protection),
 * API keys capped by their creator's role and ended with their membership,
 * invitations that never grant more than their sender still may, and an
 * audit entry for every listed action.
 */
import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { BLANK_PASSWORD, COMMON_PASSWORD } from "@/lib/auth/password-policy";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createWebhook } from "@/lib/webhooks/webhooks";
import { personalActor } from "@/lib/workspaces/actor";
import { baseUrl, client, createOwner, request, type Owner } from "../helpers/api";
import { submit } from "../helpers/responses";
import { sessionCookie, sessionHeaders } from "../helpers/session";
import { TEST_AUTH_SECRET } from "../setup/server";

type Headers = Record<string, string>;
const as = (headers: Headers) => ({
  get: (p: string) => request("GET", p, undefined, { headers }),
  post: (p: string, body?: unknown) => request("POST", p, body, { headers }),
  patch: (p: string, body?: unknown) => request("PATCH", p, body, { headers }),
  put: (p: string, body?: unknown) => request("PUT", p, body, { headers }),
  delete: (p: string) => request("DELETE", p, undefined, { headers }),
});
const signedIn = async (o: Owner) => as(sessionHeaders(await sessionCookie(o.email, o.password)));
const tokenOf = (url: string) => url.split("/invite/")[1];

let alice: Owner;
let aliceS: ReturnType<typeof as>;
let team: string;

beforeAll(async () => {
  alice = await createOwner();
  aliceS = await signedIn(alice);
  const created = await aliceS.post("/api/workspaces", { name: "Acme" });
  expect(created.status).toBe(201);
  expect(created.body.workspace).toMatchObject({ name: "Acme", personal: false, role: "owner" });
  team = created.body.workspace.id;
});

/** Invites a new account into `team` with `role` and has it accept; returns the member with a session. */
async function member(role: "viewer" | "editor" | "admin" | "owner") {
  const user = await createOwner();
  const inv = await aliceS.post(`/api/workspaces/${team}/invitations`, { email: user.email, role });
  expect(inv.status).toBe(201);
  const s = await signedIn(user);
  const accepted = await s.post(`/api/invitations/${tokenOf(inv.body.invitation.url)}/accept`);
  expect(accepted.status).toBe(200);
  return { user, s };
}

describe("workspaces", () => {
  it("lists the personal workspace first, then the team, with the caller's role", async () => {
    const res = await aliceS.get("/api/workspaces");
    expect(res.body.workspaces).toEqual([
      { id: alice.userId, name: "Personal", personal: true, role: "owner" },
      { id: team, name: "Acme", personal: false, role: "owner" },
    ]);
    // A key sees only its own workspace.
    expect((await alice.api.get("/api/workspaces")).body.workspaces.map((w: { id: string }) => w.id)).toEqual([alice.userId]);
  });

  it("refuses to delete a personal workspace (409 personal_workspace) and to create one with a key (403)", async () => {
    const res = await aliceS.delete(`/api/workspaces/${alice.userId}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("personal_workspace");
    expect((await alice.api.post("/api/workspaces", { name: "x" })).status).toBe(403);
  });

  it("deleting a team workspace removes its forms and their responses", async () => {
    const ws = (await aliceS.post("/api/workspaces", { name: "Doomed" })).body.workspace.id;
    const form = (await aliceS.post("/api/forms", { title: "Doomed form", workspaceId: ws })).body.form.id;
    await aliceS.put(`/api/forms/${form}/version/draft`, { title: "Doomed form", questions: [{ key: "n", type: "short-text", title: "N" }] });
    const slug = (await aliceS.post(`/api/forms/${form}/publish`)).body.form.slug;
    await submit(slug, { n: "x" });
    expect(await db.response.count({ where: { formId: form } })).toBe(1);
    expect((await aliceS.delete(`/api/workspaces/${ws}`)).status).toBe(204);
    expect(await db.form.count({ where: { id: form } })).toBe(0);
    expect(await db.response.count({ where: { formId: form } })).toBe(0);
    expect((await aliceS.get(`/api/forms?workspaceId=${ws}`)).status).toBe(404);
  });
});

describe("invitations", () => {
  it("answers 201 with a /invite/<token> link valid 7 days, lists it as pending, and never stores the token", async () => {
    const res = await aliceS.post(`/api/workspaces/${team}/invitations`, { email: "Someone@Example.test", role: "editor" });
    expect(res.status).toBe(201);
    const inv = res.body.invitation;
    // The suite's server has no SMTP: the answer says the link is not emailed.
    expect(inv).toMatchObject({ email: "someone@example.test", role: "editor", emailed: false });
    expect(inv.url).toMatch(new RegExp(`^${baseUrl()}/invite/[A-Za-z0-9_-]{43}$`));
    const days = (new Date(inv.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const row = await db.invitation.findUniqueOrThrow({ where: { id: inv.id } });
    expect(JSON.stringify(row)).not.toContain(tokenOf(inv.url));
    const pending = (await aliceS.get(`/api/workspaces/${team}/invitations`)).body.invitations;
    expect(pending.map((i: { id: string }) => i.id)).toContain(inv.id);
    expect(pending[0]).not.toHaveProperty("url");
  });

  it("is accepted by the invited account only, once; another account, reuse, expiry and revocation are 404", async () => {
    const bob = await createOwner();
    const carol = await createOwner();
    const bobS = await signedIn(bob);
    const carolS = await signedIn(carol);
    const url = (await aliceS.post(`/api/workspaces/${team}/invitations`, { email: bob.email, role: "viewer" })).body.invitation.url;
    const wrong = await carolS.post(`/api/invitations/${tokenOf(url)}/accept`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.code).toBe("not_found");
    // With a key, never (session only).
    expect((await bob.api.post(`/api/invitations/${tokenOf(url)}/accept`)).status).toBe(403);
    const ok = await bobS.post(`/api/invitations/${tokenOf(url)}/accept`);
    expect(ok.status).toBe(200);
    expect(ok.body.workspace).toEqual({ id: team, name: "Acme", personal: false, role: "viewer" });
    expect((await bobS.post(`/api/invitations/${tokenOf(url)}/accept`)).status).toBe(404); // used

    const dave = await createOwner();
    const daveS = await signedIn(dave);
    const expired = (await aliceS.post(`/api/workspaces/${team}/invitations`, { email: dave.email, role: "viewer" })).body.invitation;
    await db.invitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await daveS.post(`/api/invitations/${tokenOf(expired.url)}/accept`)).status).toBe(404);
    expect((await aliceS.get(`/api/workspaces/${team}/invitations`)).body.invitations.map((i: { id: string }) => i.id)).not.toContain(expired.id);

    const revoked = (await aliceS.post(`/api/workspaces/${team}/invitations`, { email: dave.email, role: "viewer" })).body.invitation;
    expect((await aliceS.delete(`/api/workspaces/${team}/invitations/${revoked.id}`)).status).toBe(204);
    expect((await aliceS.delete(`/api/workspaces/${team}/invitations/${revoked.id}`)).status).toBe(404);
    expect((await daveS.post(`/api/invitations/${tokenOf(revoked.url)}/accept`)).status).toBe(404);
    expect(await db.membership.count({ where: { workspaceId: team, userId: dave.userId } })).toBe(0);
  });

  it("lets an invited person without an account sign up through the link (open sign-up is off), once", async () => {
    const email = `fresh-${newId().toLowerCase()}@example.test`;
    const url = (await aliceS.post(`/api/workspaces/${team}/invitations`, { email, role: "editor" })).body.invitation.url;
    // Open sign-up is off on this server: the ordinary route refuses.
    const res = await request("POST", `/api/invitations/${tokenOf(url)}/signup`, { password: "a long enough password" });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
    expect(res.body.workspace).toMatchObject({ id: team, role: "editor" });
    const s = as(sessionHeaders(await sessionCookie(email, "a long enough password")));
    const list = (await s.get("/api/workspaces")).body.workspaces;
    expect(list.map((w: { id: string; role: string }) => [w.id, w.role])).toEqual([[res.body.user.id, "owner"], [team, "editor"]]);
    expect((await request("POST", `/api/invitations/${tokenOf(url)}/signup`, { password: "a long enough password" })).status).toBe(404);
    // An address that already has an account signs in and accepts instead.
    const other = (await aliceS.post("/api/workspaces", { name: "Other" })).body.workspace.id;
    const url2 = (await aliceS.post(`/api/workspaces/${other}/invitations`, { email, role: "viewer" })).body.invitation.url;
    const conflict = await request("POST", `/api/invitations/${tokenOf(url2)}/signup`, { password: "a long enough password" });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("conflict");
  });

  it("grants no more than its sender still may: a demotion revokes what they may no longer grant, a removal revokes all, each audit-logged", async () => {
    const ws = (await aliceS.post("/api/workspaces", { name: "Demotions" })).body.workspace.id;
    const join = async (role: "admin" | "owner") => {
      const user = await createOwner();
      const url = (await aliceS.post(`/api/workspaces/${ws}/invitations`, { email: user.email, role })).body.invitation.url;
      const s = await signedIn(user);
      expect((await s.post(`/api/invitations/${tokenOf(url)}/accept`)).status).toBe(200);
      return { user, s };
    };
    const { user: admin, s: adminS } = await join("admin");
    const { user: owner2, s: owner2S } = await join("owner");
    const invite = async (s: ReturnType<typeof as>, role: string) => {
      const email = `fresh-${newId().toLowerCase()}@example.test`;
      const res = await s.post(`/api/workspaces/${ws}/invitations`, { email, role });
      expect(res.status).toBe(201);
      return { id: res.body.invitation.id as string, token: tokenOf(res.body.invitation.url), email };
    };
    const signUp = (token: string) => request("POST", `/api/invitations/${token}/signup`, { password: "a long enough password" });
    const asAdmin = await invite(adminS, "admin");
    const asViewer = await invite(adminS, "viewer");
    const asOwner = await invite(owner2S, "owner");
    const asAdmin2 = await invite(owner2S, "admin");

    // The owner demotes the admin to viewer: a viewer grants nothing, so every invitation they sent is revoked.
    expect((await aliceS.patch(`/api/workspaces/${ws}/members/${admin.userId}`, { role: "viewer" })).status).toBe(200);
    for (const inv of [asAdmin, asViewer]) {
      const res = await signUp(inv.token);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect(await db.user.count({ where: { email: inv.email } })).toBe(0);
    }
    // An owner demoted to admin keeps the invitations an admin may send.
    expect((await aliceS.patch(`/api/workspaces/${ws}/members/${owner2.userId}`, { role: "admin" })).status).toBe(200);
    expect((await signUp(asOwner.token)).status).toBe(404);
    const pending = (await aliceS.get(`/api/workspaces/${ws}/invitations`)).body.invitations.map((i: { id: string }) => i.id);
    expect(pending).toEqual([asAdmin2.id]);
    // Removed: what is left of theirs is revoked too.
    const later = await invite(owner2S, "viewer");
    expect((await aliceS.delete(`/api/workspaces/${ws}/members/${owner2.userId}`)).status).toBe(204);
    expect((await signUp(asAdmin2.token)).status).toBe(404);
    expect((await signUp(later.token)).status).toBe(404);
    expect((await aliceS.get(`/api/workspaces/${ws}/invitations`)).body.invitations).toEqual([]);

    const revoked = (await aliceS.get(`/api/workspaces/${ws}/audit-log?action=invitation.revoked&limit=100`)).body.entries;
    expect(revoked.map((e: { target: { id: string } }) => e.target.id).sort()).toEqual([asAdmin.id, asViewer.id, asOwner.id, asAdmin2.id, later.id].sort());
    for (const e of revoked) expect(e).toMatchObject({ actor: { type: "user", id: alice.userId, label: alice.email }, target: { type: "invitation" } });
  });

  it("is refused when its sender may no longer grant its role, even when it was sent as the demotion committed", async () => {
    const ws = (await aliceS.post("/api/workspaces", { name: "Raced" })).body.workspace.id;
    const editor = await createOwner();
    await db.membership.create({ data: { workspaceId: ws, userId: editor.userId, role: "editor" } });
    // As if written by a request that read the sender's role just before the demotion.
    const token = randomBytes(32).toString("base64url");
    const email = `raced-${newId().toLowerCase()}@example.test`;
    await db.invitation.create({
      data: { id: newId(), workspaceId: ws, email, role: "admin", tokenHash: createHash("sha256").update(token).digest("hex"), invitedById: editor.userId, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const res = await request("POST", `/api/invitations/${token}/signup`, { password: "a long enough password" });
    expect(res.status).toBe(404);
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await db.membership.count({ where: { workspaceId: ws } })).toBe(2);
  });

  it("refuses a blank-looking or common password for the account, saying why, and keeps the link usable", async () => {
    const email = `fresh-${newId().toLowerCase()}@example.test`;
    const token = tokenOf((await aliceS.post(`/api/workspaces/${team}/invitations`, { email, role: "viewer" })).body.invitation.url);
    for (const [password, message] of [["\u3000".repeat(10), BLANK_PASSWORD], ["Password", COMMON_PASSWORD], ["iloveyou", COMMON_PASSWORD]]) {
      const res = await request("POST", `/api/invitations/${token}/signup`, { password });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_failed", details: [{ path: "password", message }] });
    }
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await request("POST", `/api/invitations/${token}/signup`, { password: "a long enough password" })).status).toBe(201);
  });

  it("nobody invites above their own role, and a member cannot be invited twice", async () => {
    const { s } = await member("admin");
    const res = await s.post(`/api/workspaces/${team}/invitations`, { email: "boss@example.test", role: "owner" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect((await aliceS.post(`/api/workspaces/${team}/invitations`, { email: alice.email, role: "viewer" })).status).toBe(409);
  });
});

describe("members", () => {
  it("lists members with email, role and joinedAt", async () => {
    const { user } = await member("viewer");
    const list = (await aliceS.get(`/api/workspaces/${team}/members`)).body.members;
    expect(list[0]).toMatchObject({ userId: alice.userId, email: alice.email, name: null, role: "owner" });
    expect(list.find((m: { userId: string }) => m.userId === user.userId)).toMatchObject({ role: "viewer" });
  });

  it("protects the last owner: they cannot leave or be demoted (409 last_owner) until another owner exists", async () => {
    const leave = await aliceS.delete(`/api/workspaces/${team}/members/${alice.userId}`);
    expect(leave.status).toBe(409);
    expect(leave.body.error.code).toBe("last_owner");
    const demote = await aliceS.patch(`/api/workspaces/${team}/members/${alice.userId}`, { role: "admin" });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe("last_owner");
    const ws = (await aliceS.post("/api/workspaces", { name: "Handover" })).body.workspace.id;
    const bob = await createOwner();
    const url = (await aliceS.post(`/api/workspaces/${ws}/invitations`, { email: bob.email, role: "owner" })).body.invitation.url;
    const bobS = await signedIn(bob);
    expect((await bobS.post(`/api/invitations/${tokenOf(url)}/accept`)).status).toBe(200);
    expect((await aliceS.delete(`/api/workspaces/${ws}/members/${alice.userId}`)).status).toBe(204);
    const last = await bobS.patch(`/api/workspaces/${ws}/members/${bob.userId}`, { role: "viewer" });
    expect(last.body.error.code).toBe("last_owner");
  });

  it("keeps the user of a personal workspace its owner (409 personal_workspace)", async () => {
    const bob = await createOwner();
    const url = (await aliceS.post(`/api/workspaces/${alice.userId}/invitations`, { email: bob.email, role: "owner" })).body.invitation.url;
    const bobS = await signedIn(bob);
    expect((await bobS.post(`/api/invitations/${tokenOf(url)}/accept`)).status).toBe(200);
    const res = await bobS.patch(`/api/workspaces/${alice.userId}/members/${alice.userId}`, { role: "viewer" });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("personal_workspace");
    expect((await bobS.delete(`/api/workspaces/${alice.userId}/members/${alice.userId}`)).body.error.code).toBe("personal_workspace");
    expect((await bobS.delete(`/api/workspaces/${alice.userId}/members/${bob.userId}`)).status).toBe(204); // bob may leave
  });

  it("a member may leave; an editor cannot remove others; an admin cannot touch an owner", async () => {
    const { user: v, s: vs } = await member("viewer");
    const { user: e, s: es } = await member("editor");
    const { s: as_ } = await member("admin");
    expect((await es.delete(`/api/workspaces/${team}/members/${v.userId}`)).status).toBe(403);
    expect((await as_.patch(`/api/workspaces/${team}/members/${alice.userId}`, { role: "viewer" })).status).toBe(403);
    expect((await as_.delete(`/api/workspaces/${team}/members/${alice.userId}`)).status).toBe(403);
    expect((await as_.patch(`/api/workspaces/${team}/members/${e.userId}`, { role: "owner" })).status).toBe(403);
    expect((await vs.delete(`/api/workspaces/${team}/members/${v.userId}`)).status).toBe(204);
    expect((await vs.get(`/api/forms?workspaceId=${team}`)).status).toBe(404); // gone: not found
  });
});

describe("API keys in a workspace", () => {
  it("are capped by their creator's role and stop working when the creator is removed", async () => {
    const { user: v, s: vs } = await member("viewer");
    const { user: e, s: es } = await member("editor");
    const viewerKey = (await vs.post("/api/keys", { name: "v", scope: "write", workspaceId: team })).body;
    expect(viewerKey.workspaceId).toBe(team);
    const vk = client(viewerKey.key);
    expect((await vk.get("/api/forms")).status).toBe(200);
    const denied = await vk.post("/api/forms", { title: "No" });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("forbidden");
    const editorKey = client((await es.post("/api/keys", { name: "e", scope: "write", workspaceId: team })).body.key);
    const made = await editorKey.post("/api/forms", { title: "By the editor's key" });
    expect(made.status).toBe(201);
    expect((await db.form.findUniqueOrThrow({ where: { id: made.body.form.id } })).workspaceId).toBe(team);
    expect((await editorKey.patch(`/api/workspaces/${team}`, { name: "x" })).status).toBe(403);
    // A key acts only in its workspace: naming another is 404.
    expect((await editorKey.get(`/api/forms?workspaceId=${e.userId}`)).status).toBe(404);
    // Admins and owners list everyone's keys; others their own.
    const all = (await aliceS.get(`/api/keys?workspaceId=${team}`)).body.keys.map((k: { createdBy: string }) => k.createdBy);
    expect(all).toEqual(expect.arrayContaining([v.userId, e.userId]));
    const own = (await vs.get(`/api/keys?workspaceId=${team}`)).body.keys.map((k: { createdBy: string }) => k.createdBy);
    expect(new Set(own)).toEqual(new Set([v.userId]));
    // Removed: the key is gone with the membership.
    expect((await aliceS.delete(`/api/workspaces/${team}/members/${e.userId}`)).status).toBe(204);
    expect((await editorKey.get("/api/forms")).status).toBe(401);
  });

  it("a read key of an owner acts at most as a viewer", async () => {
    expect((await alice.readApi.get(`/api/workspaces/${alice.userId}/audit-log`)).status).toBe(403);
    expect((await alice.api.get(`/api/workspaces/${alice.userId}/audit-log`)).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("records every listed action, newest first, with actor, target and ip, filterable and paginated", async () => {
    const ws = (await aliceS.post("/api/workspaces", { name: "Audited" })).body.workspace.id;
    const key = (await aliceS.post("/api/keys", { name: "auditor", scope: "write", workspaceId: ws })).body;
    const k = client(key.key);
    const form = (await k.post("/api/forms", { title: "Audited form" })).body.form.id;
    await k.put(`/api/forms/${form}/version/draft`, { title: "Audited form", questions: [{ key: "n", type: "short-text", title: "N" }] });
    const slug = (await k.post(`/api/forms/${form}/publish`)).body.form.slug;
    expect((await k.post(`/api/forms/${form}/publish`)).status).toBe(200); // a new version: form.schema_published
    const responseId = await submit(slug, { n: "x" });
    expect((await k.get(`/api/forms/${form}/responses/export`)).status).toBe(200);
    expect((await k.delete(`/api/forms/${form}/responses/${responseId}`)).status).toBe(204);
    const hookId = "wh_" + newId();
    await db.webhook.create({ data: { id: hookId, workspaceId: ws, formId: form, url: "https://example.com/h", events: '["response.finished"]', secret: "v1:x", enabled: false } });
    expect((await k.patch(`/api/forms/${form}/webhooks/${hookId}`, { description: "d" })).status).toBe(200);
    expect((await k.delete(`/api/forms/${form}/webhooks/${hookId}`)).status).toBe(204);
    expect((await k.post(`/api/forms/${form}/unpublish`)).status).toBe(200);
    const bob = await createOwner();
    const inv = (await aliceS.post(`/api/workspaces/${ws}/invitations`, { email: bob.email, role: "viewer" })).body.invitation;
    const bobS = await signedIn(bob);
    expect((await bobS.post(`/api/invitations/${tokenOf(inv.url)}/accept`)).status).toBe(200);
    expect((await aliceS.patch(`/api/workspaces/${ws}/members/${bob.userId}`, { role: "editor" })).status).toBe(200);
    expect((await aliceS.delete(`/api/workspaces/${ws}/members/${bob.userId}`)).status).toBe(204);
    expect((await k.delete(`/api/forms/${form}`)).status).toBe(204);
    const other = (await aliceS.post("/api/keys", { name: "other", scope: "read", workspaceId: ws })).body;
    expect((await aliceS.delete(`/api/keys/${other.id}`)).status).toBe(204);

    const log = await aliceS.get(`/api/workspaces/${ws}/audit-log?limit=100`);
    expect(log.status).toBe(200);
    const actions = log.body.entries.map((e: { action: string }) => e.action).reverse();
    expect(actions).toEqual([
      "key.created", "form.created", "form.published", "form.schema_published", "responses.exported",
      "response.deleted", "webhook.updated", "webhook.deleted", "form.unpublished", "member.invited", "member.joined", "member.role_changed",
      "member.removed", "form.deleted", "key.created", "key.revoked",
    ]);
    const byKey = log.body.entries.find((e: { action: string }) => e.action === "form.created");
    expect(byKey.actor).toEqual({ type: "key", id: key.id, label: `auditor (${key.keyPrefix}…)` });
    expect(byKey.target).toEqual({ type: "form", id: form });
    expect(byKey.ip).toEqual(expect.any(String));
    const joined = log.body.entries.find((e: { action: string }) => e.action === "member.joined");
    expect(joined.actor).toEqual({ type: "user", id: bob.userId, label: bob.email });
    expect(log.body.pagination).toEqual({ page: 1, limit: 100, total: 16, totalPages: 1 });
    const times = log.body.entries.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const filtered = await aliceS.get(`/api/workspaces/${ws}/audit-log?action=member.joined`);
    expect(filtered.body.entries).toHaveLength(1);
    const byActor = await aliceS.get(`/api/workspaces/${ws}/audit-log?actor=${key.id}`);
    expect(byActor.body.entries.every((e: { actor: { id: string } }) => e.actor.id === key.id)).toBe(true);
    // form.created, form.published, form.schema_published, responses.exported, response.deleted, webhook.updated, webhook.deleted, form.unpublished, form.deleted
    expect(byActor.body.entries.length).toBe(9);
    const future = await aliceS.get(`/api/workspaces/${ws}/audit-log?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body).toMatchObject({ entries: [], pagination: { total: 0 } });
    const page2 = await aliceS.get(`/api/workspaces/${ws}/audit-log?limit=5&page=2`);
    expect(page2.body.entries.map((e: { id: string }) => e.id)).toEqual(log.body.entries.slice(5, 10).map((e: { id: string }) => e.id));
    expect(page2.body.pagination).toEqual({ page: 2, limit: 5, total: 16, totalPages: 4 });
  });

  it("records key.revoked for each live key of a removed member, by whoever removed them", async () => {
    const ws = (await aliceS.post("/api/workspaces", { name: "Keys go" })).body.workspace.id;
    const bob = await createOwner();
    await db.membership.create({ data: { workspaceId: ws, userId: bob.userId, role: "editor" } });
    const bobS = await signedIn(bob);
    const k1 = (await bobS.post("/api/keys", { name: "one", scope: "write", workspaceId: ws })).body;
    const k2 = (await bobS.post("/api/keys", { name: "two", scope: "read", workspaceId: ws })).body;
    const k3 = (await bobS.post("/api/keys", { name: "three", scope: "read", workspaceId: ws })).body;
    expect((await bobS.delete(`/api/keys/${k3.id}`)).status).toBe(204); // already revoked: logged then, by bob
    expect((await aliceS.delete(`/api/workspaces/${ws}/members/${bob.userId}`)).status).toBe(204);
    const entries = (await aliceS.get(`/api/workspaces/${ws}/audit-log?action=key.revoked`)).body.entries;
    const byAlice = entries.filter((e: { actor: { id: string } }) => e.actor.id === alice.userId);
    expect(byAlice.map((e: { target: { id: string } }) => e.target.id).sort()).toEqual([k1.id, k2.id].sort());
    expect(entries.filter((e: { target: { id: string } }) => e.target.id === k3.id).map((e: { actor: { id: string } }) => e.actor.id)).toEqual([bob.userId]);
  });

  it("records renaming the workspace, changing a form's email notifications and revoking an invitation", async () => {
    const ws = (await aliceS.post("/api/workspaces", { name: "Before" })).body.workspace.id;
    expect((await aliceS.patch(`/api/workspaces/${ws}`, { name: "After" })).status).toBe(200);
    const form = (await aliceS.post("/api/forms", { title: "Notified", workspaceId: ws })).body.form.id;
    expect((await aliceS.put(`/api/forms/${form}/notifications`, { recipients: ["team@example.test"] })).status).toBe(200);
    const inv = (await aliceS.post(`/api/workspaces/${ws}/invitations`, { email: "gone@example.test", role: "viewer" })).body.invitation;
    expect((await aliceS.delete(`/api/workspaces/${ws}/invitations/${inv.id}`)).status).toBe(204);
    const entries = (await aliceS.get(`/api/workspaces/${ws}/audit-log`)).body.entries;
    const seen = entries.map((e: { action: string; target: unknown; actor: { id: string } }) => [e.action, e.target, e.actor.id]).reverse();
    expect(seen).toEqual([
      ["workspace.renamed", { type: "workspace", id: ws }, alice.userId],
      ["form.created", { type: "form", id: form }, alice.userId],
      ["notifications.updated", { type: "form", id: form }, alice.userId],
      ["member.invited", { type: "invitation", id: inv.id }, alice.userId],
      ["invitation.revoked", { type: "invitation", id: inv.id }, alice.userId],
    ]);
  });

  it("records webhook.created with the webhook, and nothing when the create is refused", async () => {
    const form = (await alice.api.post("/api/forms", { title: "Hooks" })).body.form.id;
    const count = () => db.auditLogEntry.count({ where: { workspaceId: alice.userId, action: "webhook.created" } });
    const before = await count();
    // This suite's server refuses URLs it cannot resolve (no network): refused, so not logged.
    expect((await alice.api.post(`/api/forms/${form}/webhooks`, { url: "https://example.com/hook" })).status).toBe(400);
    expect(await count()).toBe(before);
    // Through the domain function, with private URLs allowed in this process (as a self-hoster may).
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
    process.env.AUTH_SECRET = TEST_AUTH_SECRET; // the server's, which seals webhook secrets
    try {
      const { webhook } = await createWebhook(personalActor(alice.userId), form, { url: "http://127.0.0.1:9/hook", events: ["response.finished"] });
      const entry = await db.auditLogEntry.findFirstOrThrow({ where: { workspaceId: alice.userId, action: "webhook.created", targetId: webhook.id } });
      expect(entry).toMatchObject({ actorType: "user", actorId: alice.userId, actorLabel: alice.email, targetType: "webhook" });
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
      delete process.env.AUTH_SECRET;
    }
    expect(await count()).toBe(before + 1);
  });
});
