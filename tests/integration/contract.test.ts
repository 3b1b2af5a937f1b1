/**
 * The contract check every integration test runs through (tests/helpers/contract.ts):
 * it must catch a mismatch, not only pass. And the document must refuse what
 * the server refuses, request side, for the cases where the two could drift apart.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createOwner, publishedForm, type Owner } from "../helpers/api";
import { contractOf, rawFetch, violation, type Exchange } from "../helpers/contract";

type Contract = Awaited<ReturnType<typeof contractOf>>;
let contract: Contract;
let owner: Owner;

beforeAll(async () => {
  contract = await contractOf(new URL(baseUrl()).origin);
  owner = await createOwner();
});

const json = (status: number, body: unknown, type = "application/json"): Omit<Exchange, "method" | "path"> => ({
  status,
  headers: new Headers({ "content-type": type }),
  body: typeof body === "string" ? body : JSON.stringify(body),
});

describe("the contract check", () => {
  it("passes a real answer", async () => {
    const res = await fetch(`${baseUrl()}/api/forms`, { headers: { authorization: `Bearer ${owner.writeKey}` } });
    expect(violation(contract, { method: "GET", path: "/api/forms", status: res.status, headers: res.headers, body: await res.text() })).toBeNull();
  });

  it("names the operation, the status and the schema error of a wrong body", () => {
    const why = violation(contract, { method: "GET", path: "/api/forms", ...json(200, { forms: [{ id: 1 }] }) });
    expect(why).toContain("getForms (GET /api/forms) answered 200");
    expect(why).toMatch(/body\/forms\/0\/id must be string/);
    const extra = violation(contract, { method: "GET", path: "/api/forms/abc", ...json(200, { form: {}, secret: "x" }) });
    expect(extra).toContain("getFormsId");
    expect(extra).toMatch(/must NOT have additional properties/);
  });

  it("refuses an undocumented status and an undocumented content type", () => {
    expect(violation(contract, { method: "GET", path: "/api/forms", ...json(418, { error: { code: "not_found", message: "x" } }) })).toContain(
      "getForms (GET /api/forms) answered 418: the document lists only",
    );
    expect(violation(contract, { method: "GET", path: "/api/forms", ...json(200, "<html></html>", "text/html") })).toMatch(/content type "text\/html" is not documented/);
    // The CSV stream's body cannot be described, its type can.
    expect(violation(contract, { method: "GET", path: "/api/forms/x/responses/export", ...json(200, "a,b", "text/csv; charset=utf-8") })).toBeNull();
    expect(violation(contract, { method: "GET", path: "/api/forms/x/responses/export", ...json(200, "[]") })).toMatch(/application\/json" is not documented/);
  });

  it("checks that a page answering 200 is HTML", async () => {
    const res = await fetch(`${baseUrl()}/login`);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(violation(contract, { method: "GET", path: "/login", ...json(200, {}) })).toMatch(/a page answered 200 with "application\/json", not HTML/);
  });

  it("checks the error shape, 204 bodies, unknown paths and methods", () => {
    expect(violation(contract, { method: "GET", path: "/api/forms/x", ...json(404, { error: { code: "not_found" } }) })).toMatch(/must have required property 'message'/);
    expect(violation(contract, { method: "DELETE", path: "/api/forms/x", ...json(204, "{}") })).toMatch(/the document says no body/);
    expect(violation(contract, { method: "GET", path: "/api/nothing-here", ...json(404, { error: { code: "not_found", message: "x" } }) })).toBeNull();
    expect(violation(contract, { method: "GET", path: "/api/nothing-here", ...json(200, {}) })).toMatch(/must answer 404/);
    expect(violation(contract, { method: "PUT", path: "/api/forms", ...json(405, { error: { code: "method_not_allowed", message: "x" } }) })).toMatch(/no Allow header/);
  });

  it("fails the test that made the request: fetch throws on a broken contract", async () => {
    // A server that serves the real document but answers GET /api/forms off it.
    const document = await (await rawFetch(`${baseUrl()}/api/openapi.json`)).text();
    const liar = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(req.url === "/api/openapi.json" ? document : JSON.stringify({ forms: "none" }));
    });
    await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = liar.address() as AddressInfo;
      await expect(fetch(`http://127.0.0.1:${port}/api/forms`)).rejects.toThrow(/getForms \(GET \/api\/forms\) answered 200: the body does not match the document: body\/forms must be array/);
    } finally {
      liar.close();
    }
  });
});

describe("the document refuses what the server refuses", () => {
  const requestSchema = (path: string, method: string) =>
    contract.ajv.compile({ $ref: `https://formloom.test/openapi.json#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/requestBody/content/application~1json/schema` });
  const parameterSchema = (path: string, name: string) => {
    const op = (contract.ajv.getSchema("https://formloom.test/openapi.json")!.schema as any).paths[path].get;
    return contract.ajv.compile(op.parameters.find((p: any) => p.name === name).schema);
  };

  it("blank titles and names, PATCH {}, repeated options", async () => {
    const { id } = await publishedForm(owner, { questions: [{ key: "q", type: "short-text", title: "Q" }] });
    const cases: [string, string, string, unknown][] = [
      ["POST", "/api/forms", "/api/forms", { title: "   " }],
      ["PATCH", `/api/forms/${id}`, "/api/forms/{id}", {}],
      ["PATCH", `/api/forms/${id}`, "/api/forms/{id}", { title: "\t\n " }],
      ["POST", "/api/keys", "/api/keys", { name: "  ", scope: "read" }],
      ["PUT", `/api/forms/${id}/version/draft`, "/api/forms/{id}/version/draft", { title: "T", questions: [{ key: "c", type: "single-choice", title: "C", options: ["a", "a"] }] }],
      ["PUT", `/api/forms/${id}/version/draft`, "/api/forms/{id}/version/draft", { title: "T", questions: [{ key: "c", type: "dropdown", title: " ", options: ["a"] }] }],
      ["PUT", `/api/forms/${id}/version/draft`, "/api/forms/{id}/version/draft", { title: "T", questions: [{ key: "c", type: "dropdown", title: "C", options: [" "] }] }],
    ];
    for (const [method, path, template, body] of cases) {
      const res = await owner.api[method.toLowerCase() as "post"](path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(requestSchema(template, method.toLowerCase())(body), `${method} ${template} ${JSON.stringify(body)}`).toBe(false);
    }
  });

  it("from/to without a date format, too many metadata filters, a blank search", async () => {
    const { id } = await publishedForm(owner, { questions: [{ key: "q", type: "short-text", title: "Q" }, { key: "h", type: "hidden" }] });
    const path = "/api/forms/{id}/responses";
    for (const [name, value, query] of [
      ["from", "yesterday", "from=yesterday"],
      ["to", "2026-13-01", "to=2026-13-01"],
      ["from", "2026-01-31T09:00:00", "from=2026-01-31T09:00:00"], // no offset
      ["search", "   ", "search=%20%20%20"],
    ] as const) {
      expect((await owner.api.get(`/api/forms/${id}/responses?${query}`)).status, query).toBe(400);
      expect(parameterSchema(path, name)(value), query).toBe(false);
    }
    expect(parameterSchema(path, "from")("2026-01-31")).toBe(true);
    expect(parameterSchema(path, "to")("2026-01-31T09:00:00Z")).toBe(true);
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"]));
    expect(parameterSchema(path, "metadata")(eleven)).toBe(false);
    const tooMany = Object.keys(eleven).map((k) => `metadata[${k}]=v`).join("&");
    expect((await owner.api.get(`/api/forms/${id}/responses?${tooMany}`)).status).toBe(400);
  });
});
