/**
 * Response shapes of the owner API's forms, keys and templates, for the
 * OpenAPI document. Request bodies are NOT here: those come from the domain
 * modules that validate them. tests/integration/openapi.test.ts checks real
 * responses against these, so they cannot drift from the serializers.
 */
import { z } from "zod";
import { onePerPersonBySchema } from "@/lib/forms/settings";
import { errorStatus } from "@/lib/http/errors";
import { formModes, formSchemaSchema } from "@/lib/schema/form-schema";
import { keyScopes } from "@/lib/auth/api-keys-schema";

const isoDateTime = z.iso.datetime();

export const errorSchema = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]),
      message: z.string(),
      details: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional().describe("One entry per invalid field"),
      requestId: z.string().optional().describe("The request's id: its `X-Request-Id` header and the server's log line"),
    }),
  })
  .meta({ id: "Error" });

const formStatus = z.enum(["draft", "published"]);

export const formCreatedSchema = z
  .strictObject({ id: z.string(), title: z.string(), slug: z.string().nullable(), status: formStatus })
  .meta({ id: "FormCreated" });

const formListItemShape = {
  id: z.string(),
  title: z.string(),
  slug: z.string().nullable(),
  status: formStatus,
  responseCount: z.int().min(0).describe("Finished responses"),
  publicUrl: z.string().nullable().describe("/s/<slug> while published, else null"),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};
export const formListItemSchema = z.strictObject(formListItemShape).meta({ id: "FormListItem" });

/** A draft or published schema as the API answers it: version always present. */
export const versionedFormSchema = z
  .strictObject({ ...formSchemaSchema.shape, version: z.int().min(1), mode: z.enum(formModes) })
  .meta({ id: "VersionedFormSchema" });

export const formDetailSchema = z
  .strictObject({
    ...formListItemShape,
    startAt: isoDateTime.nullable(),
    endAt: isoDateTime.nullable(),
    maxResponses: z.int().min(1).nullable(),
    limitOnePerPerson: z.boolean(),
    onePerPersonBy: onePerPersonBySchema,
    allowedEmbedOrigins: z
      .array(z.string())
      .nullable()
      .describe("Sites that may frame the public form (CSP frame-ancestors; Formloom itself always may): null = any site; see docs/features/embeds-and-themes.md"),
    publishedAt: isoDateTime.nullable().describe("When the latest version was published"),
    draft: versionedFormSchema.describe("The draft; its version is the number the next publish gets"),
    published: z
      .strictObject({ ...versionedFormSchema.shape, publishedAt: isoDateTime })
      .nullable()
      .describe("The latest published version (what respondents see while published), or null"),
  })
  .meta({ id: "FormDetail" });

export const apiKeySchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    scope: z.enum(keyScopes),
    keyPrefix: z.string().describe("The key's first characters, to recognise it"),
    workspaceId: z.string().describe("The workspace the key acts in"),
    createdBy: z.string().describe("The member who created it; the key acts with their role and dies with their membership"),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable().describe("Updated at most once a minute"),
  })
  .meta({ id: "ApiKey" });

export const apiKeyCreatedSchema = z
  .strictObject({ ...apiKeySchema.shape, key: z.string().describe("The full secret; shown only in this response") })
  .meta({ id: "ApiKeyCreated" });

export const templateSummarySchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    mode: z.enum(formModes),
    questionCount: z.int().min(0).describe("Questions shown to respondents (hidden ones not counted)"),
  })
  .meta({ id: "TemplateSummary" });

export const healthSchema = z
  .strictObject({
    status: z.enum(["ok", "unavailable"]),
    ok: z.boolean(),
    database: z.enum(["sqlite", "postgresql"]),
    latencyMs: z.number().optional(),
  })
  .meta({ id: "Health" });

export const readinessSchema = z.strictObject({ status: z.literal("ready") }).meta({ id: "Readiness" });
