/**
 * The served OpenAPI document as a contract every integration test checks:
 * tests/setup/env.ts routes `fetch` through `checkedFetch`, so each response
 * of the app under test (status, content type, JSON body) is validated
 * against the operation the document describes, and an undocumented answer
 * fails the test that produced it.
 *
 * The document is fetched once per server and worker; each response schema is
 * compiled once, on first use (ajv, draft 2020-12 as OpenAPI 3.1 uses).
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** The fetch of the platform, unchecked (the contract's own requests, and callers that must not be checked). */
export const rawFetch: typeof fetch = globalThis.fetch.bind(globalThis);

type Json = Record<string, any>;
interface Operation {
  id: string;
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments first: /responses/export must win over /responses/{responseId}. */
  literals: number;
  responses: Json;
}

interface Contract {
  ajv: Ajv2020;
  operations: Operation[];
  validators: Map<string, ValidateFunction>;
}

const HTTP_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const DOCUMENT_ID = "https://formloom.test/openapi.json";
const contracts = new Map<string, Promise<Contract>>();

/** The contract of the server at `origin` (fetched on first use, then cached for this worker). */
export function contractOf(origin: string): Promise<Contract> {
  let contract = contracts.get(origin);
  if (!contract) {
    contract = loadContract(origin);
    contracts.set(origin, contract);
    contract.catch(() => contracts.delete(origin)); // a server still starting: try again next time
  }
  return contract;
}

async function loadContract(origin: string): Promise<Contract> {
  const res = await rawFetch(`${origin}/api/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return compileDocument(await res.json());
}

export function compileDocument(document: Json): Contract {
  // strict: false — the document holds OpenAPI keywords (parameters, responses…) around its schemas.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<Json>(document.paths)) {
    const segments = template.split("/");
    const pattern = new RegExp(
      "^" + segments.map((s) => (/^\{.+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/") + "$",
    );
    for (const [method, op] of Object.entries<Json>(item)) {
      operations.push({ id: op.operationId, method: method.toUpperCase(), template, pattern, literals: segments.filter((s) => !s.startsWith("{")).length, responses: op.responses });
    }
  }
  operations.sort((a, b) => b.literals - a.literals);
  return { ajv, operations, validators: new Map() };
}

/** JSON Pointer escaping for a $ref into the document. */
const pointer = (...parts: string[]) => "#/" + parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function validatorFor(contract: Contract, op: Operation, status: string, mediaType: string): ValidateFunction {
  const ref = DOCUMENT_ID + pointer("paths", op.template, op.method.toLowerCase(), "responses", status, "content", mediaType, "schema");
  let validate = contract.validators.get(ref);
  if (!validate) {
    validate = contract.ajv.compile({ $ref: ref });
    contract.validators.set(ref, validate);
  }
  return validate;
}

export interface Exchange {
  method: string;
  /** The path as sent (percent-encoded, without the query). */
  path: string;
  status: number;
  headers: Headers;
  /** The body text, when it was read (JSON answers); undefined for streams the check leaves alone. */
  body?: string;
}

/** The path template a path reaches (the most literal one, as Next routes), or undefined. */
const findTemplate = (contract: Contract, path: string) => contract.operations.find((op) => op.pattern.test(path))?.template;

/** The operation a method and path reach, or undefined when the path has no such method (or no template matches). */
export function findOperation(contract: Contract, method: string, path: string): Operation | undefined {
  const template = findTemplate(contract, path);
  const lookup = method === "HEAD" ? "GET" : method;
  return contract.operations.find((op) => op.template === template && op.method === lookup);
}

const isError = (contract: Contract, status: number, body: string | undefined, code: string): string | null => {
  if (body === undefined) return "the error body was not read";
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `the body is not JSON: ${body.slice(0, 200)}`;
  }
  const validate = contract.ajv.getSchema(DOCUMENT_ID + pointer("components", "schemas", "Error"))!;
  if (!validate(parsed)) return contract.ajv.errorsText(validate.errors);
  const actual = (parsed as Json).error.code;
  return actual === code ? null : `expected error code ${code} with ${status}, got ${actual}`;
};

/**
 * Why `exchange` breaks the contract, or null when it keeps it. Pages and
 * next-auth's /api/auth/* are not in the document: a page that answers 200
 * must at least be HTML (not /metrics, which is not a page).
 */
export function violation(contract: Contract, exchange: Exchange): string | null {
  const { method, path, status, headers, body } = exchange;
  if (!path.startsWith("/api/")) {
    // /metrics is Prometheus' text format (scripts/metrics.mjs), not a page.
    const isPage = !path.startsWith("/_next/") && path !== "/metrics" && !/\.[a-z0-9]+$/i.test(path);
    const type = headers.get("content-type") ?? "";
    return isPage && status === 200 && method === "GET" && !type.startsWith("text/html") ? `${method} ${path}: a page answered 200 with "${type}", not HTML` : null;
  }
  if (path.startsWith("/api/auth/")) return null;
  if (!HTTP_METHODS.has(method)) {
    // TRACE, PROPFIND…: the server answers them before Next, on any path.
    const why = status !== 405 ? `status ${status}` : !headers.get("allow") ? "no Allow header" : isError(contract, status, body, "method_not_allowed");
    return why && `${method} ${path}: a method outside HTTP's usual seven must answer 405 method_not_allowed (${why})`;
  }
  const op = findOperation(contract, method, path);
  const where = `${method} ${path}`;
  if (!op) {
    const template = findTemplate(contract, path);
    // Documented in info.description: an unknown path → 404, a method the path lacks → 405 with Allow, OPTIONS → 204 with Allow.
    if (!template) {
      const why = status !== 404 ? `status ${status}` : method === "HEAD" ? null : isError(contract, status, body, "not_found");
      return why && `${where}: a path the document does not have must answer 404 not_found (${why})`;
    }
    if (method === "OPTIONS") return status === 204 && headers.get("allow") ? null : `${where}: OPTIONS must answer 204 with Allow, got ${status}`;
    const why =
      status !== 405 ? `status ${status}` : !headers.get("allow") ? "no Allow header" : method === "HEAD" ? null : isError(contract, status, body, "method_not_allowed");
    return why && `${where}: a method ${template} does not have must answer 405 method_not_allowed (${why})`;
  }
  const label = `${op.id} (${method} ${op.template}) answered ${status}`;
  const documented = op.responses[String(status)] ?? op.responses.default;
  if (!documented) return `${label}: the document lists only ${Object.keys(op.responses).join(", ")}`;
  const contentType = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const media = documented.content as Json | undefined;
  if (!media) {
    // HEAD answers carry GET's headers without a body.
    if (method !== "HEAD" && body !== undefined && body !== "") return `${label}: the document says no body, got ${contentType || "a body"}: ${body.slice(0, 200)}`;
    return null;
  }
  if (!(contentType in media)) return `${label}: content type "${contentType}" is not documented (${Object.keys(media).join(", ")})`;
  if (!contentType.includes("json") || body === undefined || method === "HEAD") return null; // a stream (CSV): its type is what can be checked
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${label}: the body is not JSON: ${body.slice(0, 200)}`;
  }
  const validate = validatorFor(contract, op, String(status), contentType);
  if (validate(parsed)) return null;
  return `${label}: the body does not match the document: ${contract.ajv.errorsText(validate.errors, { dataVar: "body" })}\nbody: ${body.slice(0, 500)}`;
}

const methodOf = (input: RequestInfo | URL, init?: RequestInit) =>
  (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();

/**
 * `fetch`, checking every answer of an app under test (a server on 127.0.0.1)
 * against its served document. JSON bodies are read from a clone before the
 * caller gets the response; other bodies (CSV streams, HTML) are left
 * unread, so streaming tests still see the stream. A broken contract throws,
 * which fails the test that made the request.
 */
export const checkedFetch: typeof fetch = async (input, init) => {
  const response = await rawFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== "127.0.0.1") return response;
  let contract: Contract;
  try {
    contract = await contractOf(url.origin);
  } catch {
    return response; // not one of our servers, or one shutting down: nothing to check against
  }
  const type = response.headers.get("content-type") ?? "";
  let body: string | undefined;
  if (url.pathname.startsWith("/api/") && (type.includes("json") || response.status === 204 || response.status >= 400)) {
    try {
      body = await response.clone().text();
    } catch {
      body = undefined; // aborted by the caller
    }
  }
  const why = violation(contract, { method: methodOf(input, init), path: url.pathname, status: response.status, headers: response.headers, body });
  if (why) throw new Error(`OpenAPI contract: ${why}`);
  return response;
};
