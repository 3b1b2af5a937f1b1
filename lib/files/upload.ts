/**
 * POST /api/public/forms/:slug/files?question=<key>: a respondent's upload
 * for one file question of a published, open form. Same per-IP rate limit as
 * submissions; the file is bound to the respondent (the fl_rid cookie's
 * personKey, or for a cookie-less client its IP + user agent), so only they
 * can attach it to a response (./attach.ts).
 */
import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { AppError, notFound, type ErrorCode } from "@/lib/http/errors";
import { payloadTooLarge } from "@/lib/http/body";
import { availability, findPublishedForm } from "@/lib/public/published-form";
import { identifyRespondent } from "@/lib/public/respondent";
import { specOf } from "@/lib/question-types";
import { enforceSubmissionRateLimit } from "@/lib/rate-limit";
import { storage, type StoredKind } from "@/lib/storage";
import { MiB, uploadMaxFileMb, uploadMaxFormMb } from "./limits";
import { receiveUpload, type ReceivedFile } from "./receive";
import { scanUpload } from "./scan";

const closed: Record<string, [ErrorCode, string]> = {
  not_open: ["form_not_open", "This form does not take responses yet"],
  closed: ["form_closed", "This form is closed and no longer takes responses"],
  full: ["form_full", "This form has reached its maximum number of responses"],
};

export const quotaExceeded = () =>
  new AppError("storage_quota_exceeded", `This form's files would exceed its storage quota (UPLOAD_MAX_FORM_MB = ${uploadMaxFormMb()})`);

/** Bytes a form's files (uploads and assets) take now. */
export async function formStorageUsed(formId: string): Promise<number> {
  const sum = await db.storedFile.aggregate({ where: { formId }, _sum: { size: true } });
  return sum._sum.size ?? 0;
}

/**
 * Streams one file to storage within the form's remaining quota, scans it,
 * and records it; anything failing on the way removes the object again.
 */
export async function storeFormFile(
  req: Request,
  formId: string,
  rules: { kind: StoredKind; maxBytes: number; accept: readonly string[] },
  row: { questionKey?: string; personKey?: string; deviceKey?: string | null },
): Promise<ReceivedFile> {
  const remaining = uploadMaxFormMb() * MiB - (await formStorageUsed(formId));
  if (remaining <= 0) throw quotaExceeded();
  const quotaBound = remaining < rules.maxBytes;
  const file = await receiveUpload(req, {
    kind: rules.kind,
    maxBytes: Math.min(rules.maxBytes, remaining),
    accept: rules.accept,
    tooLarge: quotaBound ? quotaExceeded : () => payloadTooLarge(rules.maxBytes),
  });
  const store = storage();
  try {
    await scanUpload(() => store.get(file.storageKey));
    await db.storedFile.create({
      data: {
        id: file.id, kind: rules.kind, formId, storageKey: file.storageKey, name: file.name, size: file.size, contentType: file.contentType,
        questionKey: row.questionKey ?? null, personKey: row.personKey ?? null, deviceKey: row.deviceKey ?? null,
      },
    });
  } catch (error) {
    await store.delete(file.storageKey).catch(() => undefined);
    throw error;
  }
  return file;
}

export async function uploadRespondentFile(req: Request, slug: string, questionKey: string): Promise<Response> {
  const respondent = identifyRespondent(req);
  await enforceSubmissionRateLimit(respondent.ip);
  const form = await findPublishedForm(slug);
  if (!form) throw notFound("Form");
  const state = availability(form);
  if (state !== "open") throw new AppError(...closed[state]);
  const q = form.schema.questions.find((x) => x.key === questionKey);
  const rules = q ? specOf(q).uploadRules?.(q as never) : undefined;
  if (!q || !rules) throw new AppError("validation_failed", "This form has no file question with that key", [{ path: "question", message: "No file question with this key" }]);
  const maxBytes = Math.floor(Math.min(rules.maxMB, uploadMaxFileMb()) * MiB);
  const file = await storeFormFile(req, form.formId, { kind: "upload", maxBytes, accept: rules.accept }, { questionKey, personKey: respondent.personKey, deviceKey: respondent.deviceKey });
  const headers = new Headers({ "cache-control": "no-store" });
  if (respondent.setCookie) headers.append("set-cookie", respondent.setCookie);
  return NextResponse.json({ file: { id: file.id, name: file.name, size: file.size, contentType: file.contentType } }, { status: 201, headers });
}
