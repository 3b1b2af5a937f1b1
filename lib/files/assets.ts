/**
 * Form assets (picture-choice images, a logo, a cover): uploaded by the
 * form's owner, raster images only, served at /api/assets/:id (public once
 * the form is published: ./download.ts serveAsset).
 */
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { sessionUserId } from "@/lib/auth/session";
import { getOwnedForm } from "@/lib/forms/forms";
import { assetUrl } from "@/lib/question-types/picture-choice";
import { ASSET_ACCEPT } from "./accept";
import { ASSET_MAX_MB, MiB } from "./limits";
import { storeFormFile } from "./upload";

export async function uploadAsset(req: Request, userId: string, formId: string) {
  const form = await getOwnedForm(userId, formId);
  const file = await storeFormFile(req, form.id, { kind: "asset", maxBytes: ASSET_MAX_MB * MiB, accept: ASSET_ACCEPT }, {});
  return { asset: { id: file.id, url: assetUrl(file.id), contentType: file.contentType, size: file.size } };
}

/** Who is looking at an asset, if anyone signed in or sent a key (an invalid key is just no one). */
export async function assetViewer(req: Request): Promise<string | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  if (match) return (await authenticateApiKey(match[1]))?.userId ?? null;
  return sessionUserId(req as never);
}
