import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { assetViewer } from "@/lib/files/assets";
import { serveAsset } from "@/lib/files/download";
import { assetParams } from "@/lib/files/schemas";

// A form asset: public once its form is published; before that its owner only (404 to anyone else).
export const GET = route({
  auth: "public",
  params: assetParams,
  handler: async ({ req, params }) => serveAsset(params.assetId, await assetViewer(req)),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
