import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { formSchemaSchema } from "@/lib/schema/form-schema";
import { findTemplate, templates } from "@/lib/templates/templates";
import { client, createOwner, type Owner } from "../helpers/api";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

describe("GET /api/templates", () => {
  it("lists every template with id, title, description, mode and questionCount", async () => {
    const res = await owner.readApi.get("/api/templates");
    expect(res.status).toBe(200);
    expect(res.body.templates.map((t: { id: string }) => t.id)).toEqual(templates.map((t) => t.id));
    expect(res.body.templates.length).toBeGreaterThanOrEqual(5);
    for (const t of res.body.templates) {
      expect(Object.keys(t).sort()).toEqual(["description", "id", "mode", "questionCount", "title"]);
      expect(t.questionCount).toBeGreaterThan(2);
    }
  });

  it("needs authentication and refuses query parameters", async () => {
    expect((await client().get("/api/templates")).status).toBe(401);
    expect((await owner.api.get("/api/templates?lang=de")).status).toBe(400);
  });
});

describe("POST /api/forms with templateId", () => {
  it.each(templates.map((t) => [t.id]))("%s fills the draft, titled after the form", async (templateId) => {
    const created = await owner.api.post("/api/forms", { title: "From a template", templateId });
    expect(created.status).toBe(201);
    expect(created.body.form).toMatchObject({ title: "From a template", slug: null, status: "draft" });
    const { draft } = (await owner.api.get(`/api/forms/${created.body.form.id}`)).body.form;
    const template = findTemplate(templateId)!;
    expect(draft).toEqual({ ...formSchemaSchema.parse({ ...template.schema, title: "From a template" }), version: 1 });
  });

  it("a form made from a template publishes its questions", async () => {
    const created = await owner.api.post("/api/forms", { title: `NPS ${Date.now()}`, templateId: "nps" });
    const published = await owner.api.post(`/api/forms/${created.body.form.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.form.published.questions.map((q: { key: string }) => q.key)).toContain("score");
  });

  it.each(["does-not-exist", "NPS"])("answers 400 unknown_template for %j and creates nothing", async (templateId) => {
    const before = await db.form.count({ where: { workspaceId: owner.userId } });
    const res = await owner.api.post("/api/forms", { title: "Nope", templateId });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("unknown_template");
    expect(res.body.error.message).toContain("GET /api/templates");
    expect(await db.form.count({ where: { workspaceId: owner.userId } })).toBe(before);
  });

  it("rejects an empty templateId as a validation error", async () => {
    const res = await owner.api.post("/api/forms", { title: "Nope", templateId: "" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
  });
});
