import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints } from "@/lib/openapi/document";
import { apiRoutes } from "@/lib/openapi/routes";
import {
  apiKeyCreatedSchema, apiKeySchema, errorSchema, formCreatedSchema, formDetailSchema, formListItemSchema,
  healthSchema, templateSummarySchema, versionedFormSchema,
} from "@/lib/openapi/owner-schemas";
import { analyticsSummarySchema } from "@/lib/analytics/summary";
import { questionTypes } from "@/lib/question-types";
import { trendSchema } from "@/lib/analytics/trend";
import { responseListSchema, responseSchema } from "@/lib/responses/list";
import { currentResponseResultSchema, publicFormResultSchema, publicResponseResultSchema } from "@/lib/responses/submit-schemas";
import { client, createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { routeOperations } from "../helpers/routes";

/** Route files that are not part of the documented API, and why. */
const UNDOCUMENTED: Record<string, string> = {
  "/api/auth/{nextauth}": "next-auth's own sign-in protocol for the dashboard",
};

let doc: any;
let owner: Owner;
beforeAll(async () => {
  const res = await request("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
  owner = await createOwner();
});

describe("GET /api/openapi.json", () => {
  it("is a public OpenAPI 3.1 document as JSON", async () => {
    const res = await client().get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["apiKey", "session"]);
  });

  it("documents every route file's methods, and nothing else", () => {
    const routes = [...routeOperations().keys()].filter((op) => !UNDOCUMENTED[op.split(" ")[1]]).sort();
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    expect(routes.length).toBeGreaterThan(10);
    expect(documented).toEqual(routes);
  });

  it("reads each path's operations from that path's own route file", async () => {
    const appDir = path.resolve(import.meta.dirname, "../../app");
    for (const [template, module] of Object.entries(apiRoutes)) {
      const file = path.join(appDir, template.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
      expect(module, template).toBe(await import(file));
    }
  });

  it("declares each path parameter, a unique operationId, security and responses on every operation", () => {
    const declarations = new Map(endpoints.map((e) => [`${e.method} ${e.path}`, e]));
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      const templated = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<any>(ops)) {
        const where = `${method.toUpperCase()} ${p}`;
        const pathParams = (op.parameters ?? []).filter((x: any) => x.in === "path").map((x: any) => x.name).sort();
        expect(pathParams, where).toEqual(templated);
        expect(ids.has(op.operationId), where).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, where).toBeTruthy();
        expect(Array.isArray(op.security), where).toBe(true);
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => s.startsWith("2")), where).toBe(true);
        for (const [status, response] of Object.entries<any>(op.responses)) {
          expect(response.description, `${where} ${status}`).toBeTruthy();
          const own = declarations.get(where)?.doc.otherAnswers?.some((a) => String(a.status) === status);
          if (Number(status) >= 400 && !own) expect(response.content["application/json"].schema, `${where} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
        // Security, scope and least role as the route's declaration enforces them (every non-public route declares a role).
        const declared = declarations.get(where)!.auth;
        const role = declarations.get(where)!.role;
        if (declared !== "public") expect(role, where).not.toBeUndefined();
        expect(op["x-required-role"], where).toBe(role);
        if (declared === "public") expect(op.security, where).toEqual([]);
        else if (declared === "session") {
          expect(op.security, where).toEqual([{ session: [] }]);
          expect(op.responses["403"], where).toBeDefined();
        } else {
          expect(op.security, where).toEqual([{ apiKey: [] }, { session: [] }]);
          expect(op.responses["401"], where).toBeDefined();
          expect(op["x-required-scope"], where).toBe(declared === "write" ? "write" : undefined);
          if (declared === "write") expect(op.responses["403"], where).toBeDefined();
        }
      }
    }
  });

  it("resolves every $ref to a component", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      const target = ref.slice('"$ref":"'.length, -1);
      expect(target, target).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[target.split("/").pop()!], target).toBeDefined();
    }
  });

  it("carries the request validation rules (generated from the validating zod schemas)", () => {
    const s = doc.components.schemas;
    expect(s.CreateFormInput).toMatchObject({ additionalProperties: false, required: ["title"], properties: { title: { maxLength: 120 }, slug: { pattern: "^[a-z0-9-]+$" } } });
    expect(s.UpdateFormInput.properties.maxResponses.anyOf[0]).toMatchObject({ type: "integer", minimum: 1, maximum: 1_000_000_000 });
    expect(s.CreateKeyInput.properties.scope.enum).toEqual(["read", "write"]);
    const types = s.Question.oneOf.map((q: any) => q.properties.type.const).sort();
    expect(types).toHaveLength(questionTypes.length);
    expect(s.FormSchema.properties.questions.items).toEqual({ $ref: "#/components/schemas/Question" });
    const patch = doc.paths["/api/forms/{id}"].patch;
    expect(patch.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/UpdateFormInput" });
    expect(patch.responses["409"].description).toContain("slug_taken");
  });

  it("states what the server refuses instead of hiding it in refinements (blank text, empty PATCH, repeated options, dates)", () => {
    const s = doc.components.schemas;
    const nonBlank = { pattern: "\\S" };
    expect(s.CreateFormInput.properties.title).toMatchObject(nonBlank);
    expect(s.UpdateFormInput).toMatchObject({ minProperties: 1, properties: { title: nonBlank } });
    expect(s.CreateKeyInput.properties.name).toMatchObject(nonBlank);
    expect(s.FormSchema.properties.title).toMatchObject(nonBlank);
    const single = s.Question.oneOf.find((q: any) => q.properties.type.const === "single-choice");
    expect(single.properties.title).toMatchObject(nonBlank);
    expect(single.properties.options).toMatchObject({ uniqueItems: true, minItems: 1, maxItems: 100, items: nonBlank });
    const list = Object.fromEntries(doc.paths["/api/forms/{id}/responses"].get.parameters.map((p: any) => [p.name, p.schema]));
    expect(list.from.anyOf).toEqual([{ type: "string", format: "date" }, { type: "string", format: "date-time" }]);
    expect(list.to.anyOf).toEqual(list.from.anyOf);
    expect(list.search).toMatchObject(nonBlank);
    expect(list.metadata).toMatchObject({ maxProperties: 10, additionalProperties: { maxLength: 500 } });
    // The public form: ?lang= declared, the form's language and translations in its answer.
    const publicForm = doc.paths["/api/public/forms/{slug}"].get;
    expect(publicForm.parameters.find((p: any) => p.in === "query")).toMatchObject({ name: "lang", required: false, schema: { maxLength: 35 } });
    const publicFormProps = s.PublicForm.properties.form.properties;
    expect(Object.keys(publicFormProps)).toEqual(expect.arrayContaining(["language", "translations", "languages", "respondentLanguage"]));
    expect(publicFormProps.translations.additionalProperties ?? publicFormProps.translations.properties).toBeDefined();
    expect(doc.paths["/api/health"].get.responses["503"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Health" });
    expect(doc.paths["/api/openapi.json"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/OpenApiDocument" });
  });
});

/**
 * The document's response schemas are the ones below; checking real answers
 * against them keeps the document honest about what the server sends.
 */
describe("real responses match the documented schemas", () => {
  const expectValid = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  };

  it("forms, drafts, duplicate, keys, templates, health and errors", async () => {
    const created = await owner.api.post("/api/forms", { title: "Documented", templateId: "event-registration" });
    expectValid(z.strictObject({ form: formCreatedSchema }), created.body);
    const id = created.body.form.id;
    expectValid(z.strictObject({ form: formDetailSchema }), (await owner.api.get(`/api/forms/${id}`)).body);
    const draft = await owner.api.put(`/api/forms/${id}/version/draft`, { title: "Documented", questions: [{ key: "r", type: "rating", title: "Rate" }] });
    expectValid(z.strictObject({ draft: versionedFormSchema }), draft.body);
    expectValid(z.strictObject({ form: formDetailSchema }), (await owner.api.patch(`/api/forms/${id}`, { maxResponses: 5, startAt: "2020-01-01T00:00:00+01:00" })).body);
    expectValid(z.strictObject({ form: formDetailSchema }), (await owner.api.post(`/api/forms/${id}/publish`)).body);
    expectValid(z.strictObject({ form: formDetailSchema }), (await owner.api.post(`/api/forms/${id}/unpublish`)).body);
    expectValid(z.strictObject({ form: formDetailSchema }), (await owner.api.post(`/api/forms/${id}/duplicate`)).body);
    expectValid(z.strictObject({ forms: z.array(formListItemSchema) }), (await owner.api.get("/api/forms")).body);
    expectValid(z.strictObject({ templates: z.array(templateSummarySchema) }), (await owner.api.get("/api/templates")).body);
    expectValid(apiKeyCreatedSchema, (await owner.api.post("/api/keys", { name: "doc", scope: "read" })).body);
    expectValid(z.strictObject({ keys: z.array(apiKeySchema) }), (await owner.api.get("/api/keys")).body);
    expectValid(healthSchema, (await client().get("/api/health")).body);
    for (const failure of [
      await owner.api.post("/api/forms", { title: "" }),
      await client().get("/api/forms"),
      await owner.api.get("/api/forms/nope"),
      await owner.readApi.delete(`/api/forms/${id}`),
    ]) expectValid(errorSchema, failure.body);
  });

  it("public submission, partial responses, views, responses, export and analytics", { timeout: 90_000 }, async () => {
    const { id, slug } = await publishedForm(owner, {
      title: "Every summary",
      questions: [
        { key: "r", type: "rating", title: "Rate" },
        { key: "n", type: "nps", title: "NPS" },
        { key: "c", type: "multiple-choice", title: "Pick", options: ["A", "B"] },
        { key: "y", type: "yes-no", title: "Yes?" },
        { key: "num", type: "number", title: "How many" },
        { key: "t", type: "short-text", title: "Text" },
        { key: "s", type: "statement", title: "Note" },
        { key: "src", type: "hidden" },
      ],
    });
    const respondent = { headers: { cookie: "fl_rid=openapirespondent000000001" } };
    const visitor = client();
    expectValid(publicFormResultSchema, (await visitor.get(`/api/public/forms/${slug}`, undefined, respondent)).body);
    expect((await visitor.post(`/api/public/forms/${slug}/views`, undefined, respondent)).status).toBe(204);
    const answers = { r: 4, n: 9, c: ["A"], y: true, num: 3, t: "=hello", src: "mail" };
    const submitted = await visitor.post(`/api/public/forms/${slug}/responses`, { answers }, respondent);
    expect(submitted.status, submitted.text).toBe(201);
    expectValid(publicResponseResultSchema, submitted.body);
    const other = { headers: { cookie: "fl_rid=openapirespondent000000002" } };
    const started = await visitor.post(`/api/public/forms/${slug}/responses`, { answers: { t: "half" }, partial: true }, other);
    expectValid(publicResponseResultSchema, started.body);
    expectValid(currentResponseResultSchema, (await visitor.get(`/api/public/forms/${slug}/responses/current`, undefined, other)).body);
    const finished = await visitor.patch(`/api/public/forms/${slug}/responses/${started.body.response.id}`, { answers: { r: 2 } }, other);
    expectValid(publicResponseResultSchema, finished.body);

    const page = await owner.api.get(`/api/forms/${id}/responses?metadata[src]=mail`);
    expectValid(responseListSchema, page.body);
    expect(page.body.responses).toHaveLength(1);
    expectValid(z.strictObject({ response: responseSchema }), (await owner.api.get(`/api/forms/${id}/responses/${submitted.body.response.id}`)).body);
    const summary = await owner.api.get(`/api/forms/${id}/analytics/summary`);
    expectValid(analyticsSummarySchema, summary.body);
    expect(summary.body.questions.map((q: { type: string }) => q.type)).toEqual(["rating", "nps", "multiple-choice", "yes-no", "number", "short-text", "hidden"]);
    expectValid(trendSchema, (await owner.api.get(`/api/forms/${id}/analytics/trend`)).body);
    const csv = await owner.api.get(`/api/forms/${id}/responses/export`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect((await owner.api.delete(`/api/forms/${id}/responses/${submitted.body.response.id}`)).status).toBe(204);
    expectValid(errorSchema, (await visitor.post(`/api/public/forms/${slug}/responses`, { answers: { r: 99 } }, respondent)).body);
    expectValid(errorSchema, (await client().post("/api/setup", { email: "late@example.test", password: "long enough" })).body);
  });
});
