import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashKey } from "@/lib/auth/api-keys";
import { client, createOwner, type Owner } from "../helpers/api";
import { sessionCookie, sessionHeaders } from "../helpers/session";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

describe("POST /api/keys", () => {
  it("creates a key: 201 with the full key once, a prefix, and a key that works", async () => {
    const res = await owner.api.post("/api/keys", { name: "ci", scope: "write" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "createdBy", "id", "key", "keyPrefix", "lastUsedAt", "name", "scope", "workspaceId"]);
    expect(res.body).toMatchObject({ workspaceId: owner.userId, createdBy: owner.userId }); // the personal workspace
    expect(res.body).toMatchObject({ name: "ci", scope: "write", lastUsedAt: null });
    expect(res.body.key).toMatch(/^flk_[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(res.body.key.startsWith(res.body.keyPrefix)).toBe(true);
    expect(res.body.keyPrefix).toMatch(/^flk_.{8}$/);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

    // Stored as a SHA-256 hash only: the plain key is nowhere in the row.
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.keyHash).toBe(hashKey(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);

    const created = await client(res.body.key).post("/api/forms", { title: "With the new key" });
    expect(created.status).toBe(201);
  });

  it("creates read keys that can read and cannot write", async () => {
    const res = await owner.api.post("/api/keys", { name: "dashboard reader", scope: "read" });
    expect(res.status).toBe(201);
    const reader = client(res.body.key);
    expect((await reader.get("/api/forms")).status).toBe(200);
    const write = await reader.post("/api/forms", { title: "no" });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("forbidden");
  });

  it("trims the name", async () => {
    const res = await owner.api.post("/api/keys", { name: "  padded  ", scope: "read" });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("padded");
  });

  it.each([
    [{ scope: "write" }, "name"],
    [{ name: "", scope: "write" }, "name"],
    [{ name: "   ", scope: "write" }, "name"],
    [{ name: "x".repeat(101), scope: "write" }, "name"],
    [{ name: "x" }, "scope"],
    [{ name: "x", scope: "admin" }, "scope"],
    [{ name: "x", scope: "write", expiresAt: "2030-01-01" }, "expiresAt"],
  ])("rejects %j with 400 validation_failed naming %s", async (body, path) => {
    const before = await db.apiKey.count({ where: { userId: owner.userId } });
    const res = await owner.api.post("/api/keys", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await db.apiKey.count({ where: { userId: owner.userId } })).toBe(before);
  });

  it("refuses a read key with 403 and creates nothing", async () => {
    const before = await db.apiKey.count({ where: { userId: owner.userId } });
    const res = await owner.readApi.post("/api/keys", { name: "escalate", scope: "write" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect(await db.apiKey.count({ where: { userId: owner.userId } })).toBe(before);
  });
});

describe("GET /api/keys", () => {
  it("lists the owner's active keys, newest first, without secrets", async () => {
    const fresh = await createOwner();
    const made = await fresh.api.post("/api/keys", { name: "newest", scope: "read" });
    const res = await fresh.readApi.get("/api/keys");
    expect(res.status).toBe(200);
    // createOwner's two keys may share a millisecond; the one made afterwards is first.
    const names = res.body.keys.map((k: { name: string }) => k.name);
    expect(names[0]).toBe("newest");
    expect(names.slice(1).sort()).toEqual(["tests (read)", "tests (write)"]);
    for (const key of res.body.keys) {
      expect(Object.keys(key).sort()).toEqual(["createdAt", "createdBy", "id", "keyPrefix", "lastUsedAt", "name", "scope", "workspaceId"]);
    }
    expect(res.text).not.toContain(made.body.key);
    expect(res.text).not.toContain(fresh.writeKey);
    expect(res.text).not.toContain(hashKey(fresh.writeKey));
    // Keys that were used carry lastUsedAt.
    const reader = res.body.keys.find((k: { name: string }) => k.name === "tests (read)");
    expect(reader.lastUsedAt).not.toBeNull();
    expect(res.body.keys[0].lastUsedAt).toBeNull();
  });

  it("never shows another owner's keys", async () => {
    const other = await createOwner();
    const res = await owner.api.get("/api/keys");
    const ids = new Set(res.body.keys.map((k: { id: string }) => k.id));
    const otherIds = (await other.api.get("/api/keys")).body.keys.map((k: { id: string }) => k.id);
    expect(otherIds).toHaveLength(2);
    for (const id of otherIds) expect(ids.has(id)).toBe(false);
  });

  it("rejects unknown query parameters", async () => {
    const res = await owner.api.get("/api/keys?all=1");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_query");
  });
});

describe("DELETE /api/keys/:id", () => {
  it("revokes: 204, the key then answers 401 and leaves the list", async () => {
    const made = await owner.api.post("/api/keys", { name: "to revoke", scope: "write" });
    const victim = client(made.body.key);
    expect((await victim.get("/api/forms")).status).toBe(200);

    const res = await owner.api.delete(`/api/keys/${made.body.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    const after = await victim.get("/api/forms");
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthorized");
    const list = await owner.api.get("/api/keys");
    expect(list.body.keys.map((k: { id: string }) => k.id)).not.toContain(made.body.id);
    // Revoking twice: the key is gone.
    expect((await owner.api.delete(`/api/keys/${made.body.id}`)).status).toBe(404);
  });

  it("lets a key revoke itself", async () => {
    const made = await owner.api.post("/api/keys", { name: "self", scope: "write" });
    const self = client(made.body.key);
    expect((await self.delete(`/api/keys/${made.body.id}`)).status).toBe(204);
    expect((await self.get("/api/keys")).status).toBe(401);
  });

  it("answers 404 for another owner's key and leaves it working", async () => {
    const other = await createOwner();
    const theirs = (await other.api.get("/api/keys")).body.keys[0];
    const res = await owner.api.delete(`/api/keys/${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await other.api.get("/api/forms")).status).toBe(200);
    expect((await other.readApi.get("/api/forms")).status).toBe(200);
  });

  it("answers 404 for an unknown id and 403 for a read key", async () => {
    expect((await owner.api.delete("/api/keys/nope")).status).toBe(404);
    const mine = (await owner.api.get("/api/keys")).body.keys[0];
    const res = await owner.readApi.delete(`/api/keys/${mine.id}`);
    expect(res.status).toBe(403);
    expect((await owner.api.get("/api/keys")).body.keys[0].id).toBe(mine.id);
  });
});

describe("the key endpoints with a dashboard session", () => {
  it("list, create and revoke keys with the session cookie", async () => {
    const fresh = await createOwner();
    const session = { headers: sessionHeaders(await sessionCookie(fresh.email, fresh.password)) };
    const none = client();

    const list = await none.get("/api/keys", undefined, session);
    expect(list.status).toBe(200);
    expect(list.body.keys).toHaveLength(2);

    const made = await none.post("/api/keys", { name: "from the dashboard", scope: "read" }, session);
    expect(made.status).toBe(201);
    expect((await client(made.body.key).get("/api/forms")).status).toBe(200);

    const revoked = await none.delete(`/api/keys/${made.body.id}`, undefined, session);
    expect(revoked.status).toBe(204);
    expect((await client(made.body.key).get("/api/forms")).status).toBe(401);
  });

  it("refuses a cross-site write with the session cookie (403) and creates nothing", async () => {
    const fresh = await createOwner();
    const cookie = await sessionCookie(fresh.email, fresh.password);
    const res = await client().post("/api/keys", { name: "csrf", scope: "write" }, { headers: { cookie, origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect(await db.apiKey.count({ where: { userId: fresh.userId } })).toBe(2);
  });

  it("answers 401 for a forged session cookie", async () => {
    const res = await client().get("/api/keys", undefined, { headers: { cookie: "next-auth.session-token=forged" } });
    expect(res.status).toBe(401);
  });
});
