import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { checkReadiness } from "@/lib/readiness";
import { readinessSchema } from "@/lib/openapi/owner-schemas";
import { NextResponse } from "next/server";

export const GET = route({
  auth: "public",
  handler: async () => {
    await checkReadiness();
    return NextResponse.json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
  },
  doc: {
    tag: "Operations",
    summary: "Readiness check",
    description:
      "200 when the server can take traffic: migrations applied, background work running and the database answering within a short timeout. 503 `not_ready` while starting, 503 `database_unavailable` while the database does not answer. `/api/health` is the liveness check.",
    success: { description: "Ready", schema: readinessSchema },
    errors: ["not_ready", "database_unavailable"],
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
