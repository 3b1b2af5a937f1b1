/**
 * Moving a form to another workspace: everything of the form goes with it
 * (responses, files, webhooks, the public link), the old workspace's keys
 * lose it, both audit logs tell of it, and the roles on both sides are
 * checked (admin where it is, editor where it goes).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { personalActor } from "@/lib/workspaces/actor";
import type { Role } from "@/lib/workspaces/roles";
import { createWorkspace } from "@/lib/workspaces/workspaces";
import { baseUrl, client, createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { personCookie, submit } from "../helpers/responses";
import { sessionCookie, sessionHeaders } from "../helpers/session";
import { pdf, upload } from "./files-suite";

const schema = { title: "Moving form", questions: [{ key: "name", type: "short-text", title: "Name" }, { key: "cv", type: "file-upload", title: "CV" }] };

let a: Owner;
let headers: Record<string, string>;

beforeAll(async () => {
  a = await createOwner();
  headers = sessionHeaders(await sessionCookie(a.email, a.password));
});

const move = (formId: string, workspaceId: unknown, h = headers) => request("POST", `/api/forms/${formId}/move`, { workspaceId }, { headers: h });
const teamOf = async (owner: Owner, name = "Team") => (await createWorkspace(owner.userId, { name })).workspace.id;
const keyIn = async (owner: Owner, workspaceId: string) => client((await createApiKey({ ...personalActor(owner.userId), workspaceId }, { name: "team", scope: "write" })).key);

describe("POST /api/forms/:id/move", () => {
  it("takes the responses, files, webhooks and link along; the old workspace's keys lose the form", async () => {
    const form = await publishedForm(a, schema);
    const who = { cookie: personCookie() };
    const uploaded = await upload(baseUrl(), `/api/public/forms/${form.slug}/files?question=cv`, pdf(512), "cv.pdf", who);
    expect(uploaded.status).toBe(201);
    const submitted = await request("POST", `/api/public/forms/${form.slug}/responses`, { answers: { name: "Ada", cv: [uploaded.body.file.id] } }, { headers: who });
    expect(submitted.status).toBe(201);
    const webhookId = "wh_" + newId();
    await db.webhook.create({ data: { id: webhookId, workspaceId: a.userId, formId: form.id, url: "https://example.com/hook", events: '["response.finished"]', secret: "v1:unused", enabled: false } });
    const team = await teamOf(a);
    const teamApi = await keyIn(a, team);
    expect((await teamApi.get(`/api/forms/${form.id}`)).status).toBe(404);

    const moved = await move(form.id, team);
    expect(moved.status).toBe(200);
    expect(moved.body.form).toMatchObject({ id: form.id, slug: form.slug, status: "published" });

    // The personal workspace's key no longer finds it, nor anything under it.
    expect((await a.api.get(`/api/forms/${form.id}`)).status).toBe(404);
    expect((await a.api.get(`/api/forms/${form.id}/responses`)).status).toBe(404);
    expect((await a.api.get(`/api/forms/${form.id}/webhooks/${webhookId}`)).status).toBe(404);
    expect((await a.api.get("/api/forms")).body.forms.map((f: { id: string }) => f.id)).not.toContain(form.id);
    // The team's key finds all of it.
    expect((await teamApi.get("/api/forms")).body.forms.map((f: { id: string }) => f.id)).toContain(form.id);
    const responses = await teamApi.get(`/api/forms/${form.id}/responses`);
    expect(responses.status).toBe(200);
    expect(responses.body.responses.map((r: { id: string }) => r.id)).toEqual([submitted.body.response.id]);
    const file = await teamApi.get(`/api/forms/${form.id}/responses/${submitted.body.response.id}/files/${uploaded.body.file.id}`);
    expect(file.status).toBe(200);
    expect((await teamApi.get(`/api/forms/${form.id}/webhooks/${webhookId}`)).status).toBe(200);
    expect((await db.webhook.findUniqueOrThrow({ where: { id: webhookId } })).workspaceId).toBe(team);
    // The public link stays the same and takes answers into the new workspace.
    const later = await submit(form.slug, { name: "Grace" });
    expect((await teamApi.get(`/api/forms/${form.id}/responses/${later}`)).status).toBe(200);

    const logged = await db.auditLogEntry.findMany({ where: { targetId: form.id, action: { in: ["form.moved_out", "form.moved_in"] } }, orderBy: { action: "asc" } });
    expect(logged.map((e) => [e.workspaceId, e.action, e.actorId])).toEqual([
      [team, "form.moved_in", a.userId],
      [a.userId, "form.moved_out", a.userId],
    ]);
  });

  it("needs admin where the form is and editor where it goes", async () => {
    const owner = await createOwner();
    const source = await teamOf(owner, "Source");
    const target = await teamOf(owner, "Target");
    const sourceApi = await keyIn(owner, source);
    const formId = (await sourceApi.post("/api/forms", { title: "Team form" })).body.form.id as string;
    const cases: [Role, Role | null, number][] = [
      ["editor", "owner", 403],
      ["admin", "viewer", 403],
      ["admin", null, 404],
      ["admin", "editor", 200],
    ];
    for (const [inSource, inTarget, status] of cases) {
      const member = await createOwner();
      await db.membership.create({ data: { workspaceId: source, userId: member.userId, role: inSource } });
      if (inTarget) await db.membership.create({ data: { workspaceId: target, userId: member.userId, role: inTarget } });
      const res = await move(formId, target, sessionHeaders(await sessionCookie(member.email, member.password)));
      expect([inSource, inTarget, res.status, res.body.error?.code ?? null]).toEqual([inSource, inTarget, status, { 403: "forbidden", 404: "not_found", 200: null }[status]]);
    }
    expect((await db.form.findUniqueOrThrow({ where: { id: formId } })).workspaceId).toBe(target);
    // The refused attempts logged nothing; the move logged once on each side.
    expect(await db.auditLogEntry.count({ where: { targetId: formId, action: { in: ["form.moved_out", "form.moved_in"] } } })).toBe(2);
  });

  it("refuses API keys, its own workspace, unknown fields and another owner's form", async () => {
    const form = await publishedForm(a, schema);
    const team = await teamOf(a);
    const byKey = await a.api.post(`/api/forms/${form.id}/move`, { workspaceId: team });
    expect([byKey.status, byKey.body.error.code]).toEqual([403, "forbidden"]);
    const same = await move(form.id, a.userId);
    expect([same.status, same.body.error.code]).toEqual([400, "validation_failed"]);
    const extra = await request("POST", `/api/forms/${form.id}/move`, { workspaceId: team, title: "x" }, { headers });
    expect([extra.status, extra.body.error.code]).toEqual([400, "validation_failed"]);
    expect((await move(form.id, 42)).status).toBe(400);

    // B cannot take A's form, nor put B's form into A's workspace.
    const b = await createOwner();
    const bHeaders = sessionHeaders(await sessionCookie(b.email, b.password));
    const bTeam = await teamOf(b);
    const stolen = await move(form.id, bTeam, bHeaders);
    expect([stolen.status, stolen.body.error.code]).toEqual([404, "not_found"]);
    const bForm = (await b.api.post("/api/forms", { title: "B's" })).body.form.id as string;
    const pushed = await move(bForm, team, bHeaders);
    expect([pushed.status, pushed.body.error.code]).toEqual([404, "not_found"]);
    expect((await db.form.findUniqueOrThrow({ where: { id: form.id } })).workspaceId).toBe(a.userId);
    expect((await db.form.findUniqueOrThrow({ where: { id: bForm } })).workspaceId).toBe(b.userId);
    expect(await db.auditLogEntry.count({ where: { targetId: { in: [form.id, bForm] }, action: { in: ["form.moved_out", "form.moved_in"] } } })).toBe(0);
  });
});
