import { beforeAll, describe, expect, it } from "vitest";
import { client, createOwner, type Owner } from "../helpers/api";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

describe("POST /api/forms", () => {
  it("creates a draft form with a null slug and answers 201 with id, title, slug, status only", async () => {
    const res = await owner.api.post("/api/forms", { title: "Team lunch" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.form).sort()).toEqual(["id", "slug", "status", "title"]);
    expect(res.body.form).toMatchObject({ title: "Team lunch", slug: null, status: "draft" });
  });

  it("keeps a given slug and refuses a taken one with 409 slug_taken", async () => {
    const slug = `lunch-${Date.now()}`;
    const first = await owner.api.post("/api/forms", { title: "A", slug });
    expect(first.body.form.slug).toBe(slug);
    const second = await owner.api.post("/api/forms", { title: "B", slug });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("slug_taken");
  });

  it.each([
    [{ title: "" }, "title"],
    [{ title: "x".repeat(121) }, "title"],
    [{}, "title"],
    [{ title: "ok", slug: "Not Valid" }, "slug"],
    [{ title: "ok", slug: "" }, "slug"],
    [{ title: "ok", extra: true }, "extra"],
  ])("rejects %j with 400 validation_failed naming %s", async (body, path) => {
    const res = await owner.api.post("/api/forms", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("accepts a title of exactly 120 characters", async () => {
    const res = await owner.api.post("/api/forms", { title: "y".repeat(120) });
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with 400 invalid_json and a non-JSON content type with 415", async () => {
    const bad = await owner.api.post("/api/forms", undefined, { raw: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    const form = await owner.api.post("/api/forms", undefined, { raw: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe("unsupported_media_type");
  });

  it("answers a body over 1 MiB with 413", async () => {
    const res = await owner.api.post("/api/forms", { title: "big", pad: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("authentication", () => {
  it("answers 401 without a key, with an unknown key and with a malformed header", async () => {
    for (const c of [client(), client("flk_unknown"), client("not-even-a-prefix")]) {
      const res = await c.get("/api/forms");
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
  });

  it("lets a read key read and answers 403 when it writes", async () => {
    expect((await owner.readApi.get("/api/forms")).status).toBe(200);
    const res = await owner.readApi.post("/api/forms", { title: "nope" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });
});
