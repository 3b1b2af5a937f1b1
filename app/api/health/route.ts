import { NextResponse } from "next/server";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { checkHealth } from "@/lib/health";
import { healthSchema } from "@/lib/openapi/owner-schemas";

export const GET = route({
  auth: "public",
  handler: async () => {
    const health = await checkHealth();
    return NextResponse.json({ status: health.ok ? "ok" : "unavailable", ...health }, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
  },
  doc: {
    tag: "Operations",
    summary: "Health check",
    description: "200 when the service and its database answer, 503 otherwise (for load balancers).",
    success: { description: "Healthy", schema: healthSchema },
    otherAnswers: [{ status: 503, description: "The database does not answer (status `unavailable`)", schema: healthSchema }],
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
