import { NextResponse } from "next/server";
import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import type { buildOpenApiDocument } from "@/lib/openapi/document";

/** The outline of an OpenAPI 3.1 document (its full schema is the OpenAPI specification's). */
const openApiDocumentSchema = z
  .looseObject({ openapi: z.string().regex(/^3\.1\.\d+$/), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.looseObject({})) })
  .meta({ id: "OpenApiDocument" });

// Built once per process: it only depends on the code. Loaded on the first
// request: the document is read from every route's declaration, this one's
// included (lib/openapi/routes.ts), so a static import would be an import cycle.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const GET = route({
  auth: "public",
  handler: async () => {
    document ??= (await import("@/lib/openapi/document")).buildOpenApiDocument();
    return NextResponse.json(document, { headers: { "cache-control": "public, max-age=300" } });
  },
  doc: {
    tag: "Operations",
    summary: "This OpenAPI document",
    success: { description: "OpenAPI 3.1", schema: openApiDocumentSchema },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
