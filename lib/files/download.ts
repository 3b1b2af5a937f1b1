/**
 * Serving stored bytes. Never inline from our origin as anything that could
 * run: respondents' files are attachments with `Content-Security-Policy:
 * sandbox` and nosniff; assets are raster images only (never SVG), also
 * sandboxed.
 */
import type { AssetViewer } from "./assets";
import type { Actor } from "@/lib/workspaces/actor";
import { Readable } from "node:stream";
import { db } from "@/lib/db/client";
import { getOwnedForm } from "@/lib/forms/forms";
import { notFound } from "@/lib/http/errors";
import { storage } from "@/lib/storage";
import { contentDisposition } from "./file-name";

async function bytesOf(file: { storageKey: string; size: number; contentType: string }, headers: Record<string, string>): Promise<Response> {
  const body = await storage().get(file.storageKey);
  if (!body) throw notFound("File");
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
      ...headers,
    },
  });
}

/** GET /api/forms/:id/responses/:responseId/files/:fileId — the owner only; anything else is 404. */
export async function downloadResponseFile(actor: Actor, formId: string, responseId: string, fileId: string): Promise<Response> {
  const form = await getOwnedForm(actor.workspaceId, formId);
  const file = await db.storedFile.findFirst({ where: { id: fileId, formId: form.id, responseId, kind: "upload" } });
  if (!file) throw notFound("File");
  return bytesOf(file, { "content-disposition": contentDisposition("attachment", file.name), "cache-control": "private, no-store" });
}

/**
 * GET /api/assets/:id — public once its form is published; before that only
 * members of its workspace (a session, or an API key of that workspace) see it; anyone else gets 404.
 */
export async function serveAsset(assetId: string, viewer: AssetViewer | null): Promise<Response> {
  const asset = await db.storedFile.findFirst({ where: { id: assetId, kind: "asset" } });
  if (!asset) throw notFound("Asset");
  const form = await db.form.findUnique({ where: { id: asset.formId }, select: { workspaceId: true, status: true } });
  if (!form) throw notFound("Asset");
  const isPublic = form.status === "published";
  if (!isPublic && !(await seesWorkspace(viewer, form.workspaceId))) throw notFound("Asset");
  return bytesOf(asset, {
    "content-disposition": contentDisposition("inline", asset.name),
    "cache-control": isPublic ? "public, max-age=300" : "private, no-store",
    "cross-origin-resource-policy": "same-site",
  });
}

/** A member of the workspace (any role), or a key of it whose creator still is one. */
async function seesWorkspace(viewer: AssetViewer | null, workspaceId: string): Promise<boolean> {
  if (!viewer || (viewer.keyWorkspaceId !== null && viewer.keyWorkspaceId !== workspaceId)) return false;
  const member = await db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId: viewer.userId } }, select: { role: true } });
  return member !== null;
}
