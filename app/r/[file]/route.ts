/**
 * The respondent page's script and stylesheet (scripts/build-respondent.ts).
 * Their names carry a hash of their content, so they are cached for good.
 */
import { bundleFile } from "@/lib/public/respondent-bundle";

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const file = bundleFile((await params).file);
  if (!file) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.body), {
    headers: { "content-type": file.type, "cache-control": "public, max-age=31536000, immutable" },
  });
}
