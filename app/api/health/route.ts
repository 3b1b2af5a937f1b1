import { NextResponse } from "next/server";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { checkHealth } from "@/lib/health";

export const GET = route({
  auth: "public",
  handler: async () => {
    const health = await checkHealth();
    return NextResponse.json({ status: health.ok ? "ok" : "unavailable", ...health }, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
