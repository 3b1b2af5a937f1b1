/** The API reference's renderer script (lib/api-reference/renderer.ts), by its hashed name. */
import { redocBundle } from "@/lib/api-reference/renderer";

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const bundle = redocBundle();
  if ((await params).file !== bundle.name) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bundle.body), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" },
  });
}
