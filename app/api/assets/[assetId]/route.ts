import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { assetViewer } from "@/lib/files/assets";
import { serveAsset } from "@/lib/files/download";
import { assetParams } from "@/lib/files/schemas";

/** What assets are served as (sniffed on upload). */
const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"];

// A form asset: public once its form is published; before that its owner only (404 to anyone else).
export const GET = route({
  auth: "public",
  params: assetParams,
  handler: async ({ req, params }) => serveAsset(params.assetId, await assetViewer(req)),
  doc: {
    tag: "Forms",
    summary: "A form asset",
    description: "Public once its form is published; before that only its owner (session or API key) gets it, anyone else 404. Raster images only, `Content-Security-Policy: sandbox`, nosniff.",
    success: { description: "The image", mediaType: imageTypes, headers: { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox" } },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
