/**
 * The OpenAPI 3.1 document of GET /api/openapi.json, generated from the
 * route() declarations of the route files (./routes.ts lists them): the auth,
 * role, zod schemas and status each route enforces, and its `doc`.
 */
import type { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/http/errors";
import { declarationOf } from "@/lib/http/route";
import { OPERATION_METHODS, type Endpoint } from "./endpoint";
import { SchemaComponents, type JsonSchema } from "./json-schema";
import { errorSchema } from "./owner-schemas";
import { apiRoutes } from "./routes";

/** Every documented operation: each method a listed route file answers through route(). */
export const endpoints: Endpoint[] = Object.entries(apiRoutes).flatMap(([path, module]) =>
  OPERATION_METHODS.flatMap((method) => {
    const declaration = declarationOf(module[method]);
    return declaration ? [{ ...declaration, method, path }] : [];
  }),
);

const security = {
  read: [{ apiKey: [] }, { session: [] }],
  write: [{ apiKey: [] }, { session: [] }],
  session: [{ session: [] }],
  public: [],
};

/** The failures every endpoint of this kind can answer, besides its own. */
function impliedErrors(e: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ["invalid_query"]; // unknown query parameters are always refused
  if (e.auth !== "public") codes.push("unauthorized");
  if (e.auth === "write" || e.auth === "session" || (e.auth === "read" && e.method !== "GET") || (e.role && e.role !== "viewer")) codes.push("forbidden");
  // A workspace the caller is not a member of is "not found", like a missing one.
  if (e.role) codes.push("not_found");
  if (e.params) codes.push("validation_failed", "not_found");
  if (e.body) codes.push("validation_failed", "invalid_json", "payload_too_large", "unsupported_media_type");
  if (e.doc.fileUpload) codes.push("validation_failed", "payload_too_large", "unsupported_media_type");
  // Any operation can fail unexpectedly (a database gone, busy past its timeout): the body then carries a requestId.
  codes.push("internal_error");
  // Any operation can meet the database unreachable: 503, to send again later (Retry-After).
  // (Not where the operation documents a 503 of its own: health answers it with its own body.)
  if (!(e.doc.otherAnswers ?? []).some((a) => a.status === 503)) codes.push("database_unavailable");
  return codes;
}

function errorResponses(e: Endpoint, errorRef: JsonSchema) {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of [...impliedErrors(e), ...(e.doc.errors ?? [])]) {
    const status = errorStatus[code];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `Error codes: ${[...codes].map((c) => `\`${c}\``).join(", ")}`,
          content: { "application/json": { schema: errorRef } },
          ...((status === 429 || codes.has("database_unavailable")) && { headers: { "Retry-After": { description: "Seconds until the next attempt may succeed", schema: { type: "integer" } } } }),
        },
      ]),
  );
}

function parameters(e: Endpoint, components: SchemaComponents) {
  const list: JsonSchema[] = [];
  const add = (where: "path" | "query", object: z.ZodObject | undefined) => {
    if (!object) return;
    let json = components.convert(object, "input") as { $ref?: string; properties?: Record<string, JsonSchema>; required?: string[] };
    // A named query schema (.meta({ id })) comes back as a reference: parameters need its properties.
    if (json.$ref) json = components.schemas[json.$ref.split("/").pop()!] as typeof json;
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = schema;
      const isObject = rest.type === "object";
      list.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        ...(description !== undefined && { description }),
        // metadata[<key>]=value: an object spelled with brackets.
        ...(isObject && { style: "deepObject", explode: true }),
        schema: rest,
      });
    }
  };
  add("path", e.params);
  add("query", e.query);
  for (const header of e.doc.headers ?? []) list.push({ name: header.name, in: "header", required: false, description: header.description, schema: { type: "string" } });
  return list;
}

function operation(e: Endpoint, components: SchemaComponents, errorRef: JsonSchema) {
  const { doc } = e;
  const success: JsonSchema = { description: doc.success.description };
  if (doc.success.schema) success.content = { "application/json": { schema: components.convert(doc.success.schema, "output") } };
  else if (doc.success.mediaType) success.content = Object.fromEntries([doc.success.mediaType].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }]));
  if (doc.success.headers) {
    success.headers = Object.fromEntries(Object.entries(doc.success.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));
  }
  const params = parameters(e, components);
  return {
    operationId: operationId(e),
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    security: security[e.auth],
    ...(e.auth === "write" && { "x-required-scope": "write" }),
    ...(e.role !== undefined && { "x-required-role": e.role }),
    ...(params.length && { parameters: params }),
    ...(e.body && {
      requestBody: {
        required: true,
        description: "JSON, at most 1 MiB; unknown fields are refused.",
        content: { "application/json": { schema: components.convert(e.body, "input") } },
      },
    }),
    ...(doc.fileUpload && {
      requestBody: {
        required: true,
        description: doc.fileUpload,
        content: {
          "multipart/form-data": {
            schema: { type: "object", required: ["file"], additionalProperties: false, properties: { file: { type: "string", format: "binary", description: "The file (exactly one part, named file)" } } },
          },
        },
      },
    }),
    responses: byStatus({
      [String(e.status ?? 200)]: success,
      ...Object.fromEntries(
        (doc.otherAnswers ?? []).map((a) => [String(a.status), { description: a.description, content: { "application/json": { schema: components.convert(a.schema, "output") } } }]),
      ),
      ...errorResponses(e, errorRef),
    }),
  };
}

const byStatus = (responses: Record<string, unknown>) => Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));

/** getForms, postFormsIdPublish, deleteKeysId…: stable and unique per method + path. */
function operationId(e: Endpoint) {
  const words = e.path.replace(/^\/api\//, "").split(/[^A-Za-z0-9]+/).filter(Boolean);
  return e.method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

export function buildOpenApiDocument() {
  const components = new SchemaComponents();
  // Requests first, so request schemas keep their plain names (Question, FormSchema…).
  for (const e of endpoints) {
    if (e.body) components.convert(e.body, "input");
  }
  const errorRef = components.convert(errorSchema, "output");
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(e, components, errorRef);
  return {
    openapi: "3.1.1",
    info: {
      title: "Formloom API",
      version: "1",
      description:
        "Forms, responses, analytics and API keys. Authenticate with `Authorization: Bearer flk_…` (scope `read`: GET only; " +
        "`write`: everything) or a dashboard session. Everything belongs to a workspace; each operation's `x-required-role` is the " +
        "least role it needs there (viewer < editor < admin < owner; a key acts with its creator's role, a read key at most as viewer): " +
        "a lower role answers 403 `forbidden`, and ids of a workspace you are not in answer 404 like missing ones. Every failure is " +
        "`{\"error\": {\"code\", \"message\", \"details\"?}}`; unknown body fields and query parameters are refused. " +
        "A path under /api that is not listed here answers 404 `not_found`; a method a listed path does not have answers 405 " +
        "`method_not_allowed` with an `Allow` header (OPTIONS: 204 with the same header). " +
        "Outside /api: the public form is /s/{slug}; `GET /embed.js` is the embed script that shows it on other sites " +
        "(inline, popup or slider; docs/features/embeds-and-themes.md), limited per form by `allowedEmbedOrigins`.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(endpoints.map((e) => e.doc.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", bearerFormat: "flk_…", description: "An API key (POST /api/keys or the admin CLI)" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "Dashboard session; writes must come from the same origin" },
      },
    },
  };
}
