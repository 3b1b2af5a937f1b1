/** The owner API: forms, drafts, publishing, keys, templates, and health. */
import { createKeySchema, keyIdParams } from "@/lib/auth/api-keys";
import { createFormSchema, formIdParams, updateFormSchema } from "@/lib/forms/settings";
import { formSchemaSchema } from "@/lib/schema/form-schema";
import { z } from "zod";
import { chosenWorkspaceQuery } from "@/lib/workspaces/schemas";
import type { Endpoint } from "./endpoint";
import {
  apiKeyCreatedSchema, apiKeySchema, formCreatedSchema, formDetailSchema, formListItemSchema,
  healthSchema, templateSummarySchema, versionedFormSchema,
} from "./owner-schemas";

const formEnvelope = z.strictObject({ form: formDetailSchema });

/** The outline of an OpenAPI 3.1 document (its full schema is the OpenAPI specification's). */
const openApiDocumentSchema = z
  .looseObject({ openapi: z.string().regex(/^3\.1\.\d+$/), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.looseObject({})) })
  .meta({ id: "OpenApiDocument" });

export const ownerEndpoints: Endpoint[] = [
  {
    method: "GET", path: "/api/forms", tag: "Forms", auth: "read", role: "viewer",
    summary: "List a workspace's forms",
    description: "Every form of the workspace, most recently updated first: with an API key its workspace; with a session `workspaceId` (default: your personal workspace).",
    query: chosenWorkspaceQuery,
    success: { status: 200, description: "The forms", schema: z.strictObject({ forms: z.array(formListItemSchema) }) },
  },
  {
    method: "POST", path: "/api/forms", tag: "Forms", auth: "write", role: "editor",
    summary: "Create a form",
    description: "Creates a draft form (slug null unless given) in the key's workspace, or with a session in `workspaceId` (default: your personal workspace). `templateId` fills the draft from a template of GET /api/templates.",
    body: createFormSchema,
    success: { status: 201, description: "The new form", schema: z.strictObject({ form: formCreatedSchema }) },
    errors: ["unknown_template", "slug_taken"],
  },
  {
    method: "GET", path: "/api/forms/{id}", tag: "Forms", auth: "read", role: "viewer",
    summary: "Get a form",
    description: "Settings, the draft schema and the latest published schema.",
    params: formIdParams,
    success: { status: 200, description: "The form", schema: formEnvelope },
  },
  {
    method: "PATCH", path: "/api/forms/{id}", tag: "Forms", auth: "write", role: "editor",
    summary: "Change a form's settings",
    description:
      "Any of title, slug, status, startAt, endAt, maxResponses, limitOnePerPerson. `status: \"published\"` publishes a draft form " +
      "(as POST …/publish; on a form already published it changes nothing); `status: \"draft\"` unpublishes. A published form keeps " +
      "its slug (`null` is refused). Nothing is written when any part is refused. `allowedEmbedOrigins` lists the sites that may " +
      "frame the public form (origins only, e.g. `https://shop.example.com`, or `https://*.example.com`; a path, a trailing slash or " +
      "another scheme is a 400 naming the entry); it applies at once, without publishing.",
    params: formIdParams,
    body: updateFormSchema,
    success: { status: 200, description: "The updated form", schema: formEnvelope },
    errors: ["slug_taken", "conflict"],
  },
  {
    method: "DELETE", path: "/api/forms/{id}", tag: "Forms", auth: "write", role: "editor",
    summary: "Delete a form",
    description: "Deletes the form with all its versions, responses and views.",
    params: formIdParams,
    success: { status: 204, description: "Deleted" },
  },
  {
    method: "PUT", path: "/api/forms/{id}/version/draft", tag: "Forms", auth: "write", role: "editor",
    summary: "Replace the draft schema",
    description:
      "Replaces the draft (its questions; the title becomes the form's). `version`, when sent, must equal the draft's current version, " +
      "else 409 `conflict`: the form was published since the editor loaded it. Respondents see nothing of the draft until the next publish.",
    params: formIdParams,
    body: formSchemaSchema,
    success: { status: 200, description: "The saved draft", schema: z.strictObject({ draft: versionedFormSchema }) },
    errors: ["conflict"],
  },
  {
    method: "POST", path: "/api/forms/{id}/publish", tag: "Forms", auth: "write", role: "editor",
    summary: "Publish the draft",
    description:
      "Snapshots the draft as the next immutable version, which respondents then see at /s/<slug>. Without a slug, one is made " +
      "from the title (with a random suffix if taken). The draft needs at least one question to answer (else 400).",
    params: formIdParams,
    success: { status: 200, description: "The published form", schema: formEnvelope },
    errors: ["conflict", "slug_taken"],
  },
  {
    method: "POST", path: "/api/forms/{id}/unpublish", tag: "Forms", auth: "write", role: "editor",
    summary: "Unpublish",
    description: "Stops the public page and submissions; status becomes draft. Versions, slug and responses stay.",
    params: formIdParams,
    success: { status: 200, description: "The form", schema: formEnvelope },
  },
  {
    method: "POST", path: "/api/forms/{id}/duplicate", tag: "Forms", auth: "write", role: "editor",
    summary: "Duplicate a form",
    description: "A new draft form with the same draft and settings, titled \"<title> (copy)\"; no slug, no versions, no responses.",
    params: formIdParams,
    success: { status: 201, description: "The copy", schema: formEnvelope },
  },
  {
    method: "GET", path: "/api/templates", tag: "Templates", auth: "read", role: null,
    summary: "List form templates",
    description: "Ids to pass as `templateId` to POST /api/forms.",
    success: { status: 200, description: "The templates", schema: z.strictObject({ templates: z.array(templateSummarySchema) }) },
  },
  {
    method: "GET", path: "/api/keys", tag: "API keys", auth: "read", role: "viewer",
    summary: "List API keys",
    description: "Active keys of the workspace (a key: its own; a session: `workspaceId`, default personal), newest first; never the secret. Admins and owners see everyone's keys, other members their own. Revoked keys are not listed.",
    query: chosenWorkspaceQuery,
    success: { status: 200, description: "The keys", schema: z.strictObject({ keys: z.array(apiKeySchema) }) },
  },
  {
    method: "POST", path: "/api/keys", tag: "API keys", auth: "write", role: "viewer",
    summary: "Create an API key",
    description:
      "The full key is in this response only; the service keeps its SHA-256 hash. Scope read allows GET requests only. The key acts in " +
      "`workspaceId` (default: your personal workspace) with your role there (a read key at most as a viewer), and stops working when you leave it.",
    body: createKeySchema,
    success: { status: 201, description: "The key, with its secret", schema: apiKeyCreatedSchema },
  },
  {
    method: "DELETE", path: "/api/keys/{id}", tag: "API keys", auth: "write", role: "viewer",
    summary: "Revoke an API key",
    description: "The key answers 401 from then on. A key may revoke itself. Admins and owners revoke any key of the workspace, other members their own.",
    params: keyIdParams,
    success: { status: 204, description: "Revoked" },
  },
  {
    method: "GET", path: "/api/health", tag: "Operations", auth: "public",
    summary: "Health check",
    description: "200 when the service and its database answer, 503 otherwise (for load balancers).",
    success: { status: 200, description: "Healthy", schema: healthSchema },
    otherAnswers: [{ status: 503, description: "The database does not answer (status `unavailable`)", schema: healthSchema }],
  },
  {
    method: "GET", path: "/api/openapi.json", tag: "Operations", auth: "public",
    summary: "This OpenAPI document",
    success: { status: 200, description: "OpenAPI 3.1", schema: openApiDocumentSchema },
  },
];
