/**
 * Form assets (picture-choice images, a logo, a cover): uploaded by the
 * form's owner, raster images only, served at /api/assets/:id (public once
 * the form is published: ./download.ts serveAsset).
 */
import type { Actor } from "@/lib/workspaces/actor";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { sessionUserId } from "@/lib/auth/session";
import { getOwnedForm } from "@/lib/forms/forms";
import { assetUrl } from "./asset-url";
import { ASSET_ACCEPT } from "./accept";
import { ASSET_MAX_MB, MiB } from "./limits";
import { formQuota } from "./budgets";
import { storeFormFile } from "./upload";

export async function uploadAsset(req: Request, actor: Actor, formId: string) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  const file = await storeFormFile(req, { kind: "asset", maxBytes: ASSET_MAX_MB * MiB, accept: ASSET_ACCEPT, budgets: [formQuota(form.id)] }, { formId: form.id });
  return { asset: { id: file.id, url: assetUrl(file.id), contentType: file.contentType, size: file.size } };
}

export interface AssetViewer {
  userId: string;
  /** A key sees only its own workspace's assets. */
  keyWorkspaceId: string | null;
}

/** Who is looking at an asset, if anyone signed in or sent a key (an invalid key is just no one). */
export async function assetViewer(req: Request): Promise<AssetViewer | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  if (match) {
    const key = await authenticateApiKey(match[1]);
    return key && { userId: key.userId, keyWorkspaceId: key.workspaceId };
  }
  const userId = await sessionUserId(req as never);
  return userId ? { userId, keyWorkspaceId: null } : null;
}
