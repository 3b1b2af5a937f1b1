import { NextResponse } from "next/server";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";

// Built once per process: it only depends on the code.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const GET = route({
  auth: "public",
  handler: async () => NextResponse.json((document ??= buildOpenApiDocument()), { headers: { "cache-control": "public, max-age=300" } }),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
