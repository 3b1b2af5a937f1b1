/**
 * What a form's stored files may take. Every file counts against the form's
 * quota (UPLOAD_MAX_FORM_MB). Pending uploads, the files no finished
 * response names, also count against two smaller budgets, so that uploads
 * nobody submits (an abandoned tab, or a client filling the quota on
 * purpose) cannot take the room the files of finished responses need:
 * - UPLOAD_PENDING_FORM_PERCENT of the quota for the form's pending uploads;
 * - UPLOAD_PENDING_ADDRESS_PERCENT of it for those from one client address.
 *
 * Pending means: not attached, and uploaded less than
 * UPLOAD_PENDING_MAX_AGE_MS ago (older ones are the sweep's, ./sweep.ts);
 * or attached to a partial response and younger than a draft's life (a
 * partial is made by any anonymous POST, so naming a file in one must not
 * take it out of the budget).
 *
 * Checked twice: before the file is received (the least room left caps
 * the stream), and again after its row is written, counting it. Writes
 * and the second check are separate statements: of two uploads at once,
 * at least one sees the other's row, so the recorded files never exceed a
 * budget (both may be refused where one would have fit). While uploads are
 * still streaming, storage may hold their bytes beyond a budget, by at most
 * what those uploads are writing; a file that does not fit is removed.
 */
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { empty, rawQuery, sql, type RawSql } from "@/lib/db/raw";
import { AppError } from "@/lib/http/errors";
import { DRAFT_MAX_AGE_MS } from "@/lib/public/draft-age";
import { setting } from "@/lib/settings";
import { MiB, uploadMaxFormMb } from "./limits";

export interface Budget {
  bytes: number;
  used(): Promise<number>;
  refusal(): AppError;
}

/** The key of a client address for the pending budget: a hash, never the address. */
export const addressKey = (ip: string) => createHash("sha256").update(`upload-address:${ip}`).digest("hex");

export const quotaExceeded = () =>
  new AppError("storage_quota_exceeded", `This form's files would exceed its storage quota (UPLOAD_MAX_FORM_MB = ${uploadMaxFormMb()})`);

/** Bytes a form's files (uploads and assets) take now. */
export async function formStorageUsed(formId: string): Promise<number> {
  const sum = await db.storedFile.aggregate({ where: { formId }, _sum: { size: true } });
  return sum._sum.size ?? 0;
}

async function pendingBytes(formId: string, byAddress: RawSql): Promise<number> {
  const now = Date.now();
  const unattachedSince = new Date(now - setting("UPLOAD_PENDING_MAX_AGE_MS"));
  const draftSince = new Date(now - DRAFT_MAX_AGE_MS);
  const [row] = await rawQuery<{ bytes: number | string | null }>(sql`
    SELECT COALESCE(SUM(f."size"), 0) AS "bytes" FROM "StoredFile" f
    WHERE f."formId" = ${formId} AND f."kind" = 'upload'${byAddress}
      AND ((f."responseId" IS NULL AND f."createdAt" >= ${unattachedSince})
        OR (f."responseId" IS NOT NULL AND f."createdAt" >= ${draftSince}
          AND EXISTS (SELECT 1 FROM "Response" r WHERE r."id" = f."responseId" AND r."submittedAt" IS NULL)))`);
  return Number(row?.bytes ?? 0);
}

const share = (percent: number) => Math.floor((uploadMaxFormMb() * MiB * percent) / 100);

/** The form's quota: every file of the form. */
export const formQuota = (formId: string): Budget => ({
  bytes: uploadMaxFormMb() * MiB,
  used: () => formStorageUsed(formId),
  refusal: quotaExceeded,
});

/** The budgets of a respondent's upload: the quota, and the two pending budgets. */
export function uploadBudgets(formId: string, address: string): Budget[] {
  return [
    formQuota(formId),
    {
      bytes: share(setting("UPLOAD_PENDING_FORM_PERCENT")),
      used: () => pendingBytes(formId, empty),
      refusal: () =>
        new AppError("pending_uploads_exceeded", "This form has too many uploaded files that no submitted response names yet; try again later"),
    },
    {
      bytes: share(setting("UPLOAD_PENDING_ADDRESS_PERCENT")),
      used: () => pendingBytes(formId, sql` AND f."addressKey" = ${address}`),
      refusal: () =>
        new AppError(
          "pending_uploads_exceeded",
          "Too many files uploaded from your network are waiting for a response to be submitted; submit your response, or try again later",
        ),
    },
  ];
}

/** The budget with the least room left, and that room (≤ 0: already full). */
export async function tightest(budgets: readonly Budget[]): Promise<{ budget: Budget; room: number }> {
  let best: { budget: Budget; room: number } | null = null;
  for (const budget of budgets) {
    const room = budget.bytes - (await budget.used());
    if (!best || room < best.room) best = { budget, room };
  }
  if (!best) throw new Error("no budget");
  return best;
}

/** After a file's row is written: the first budget it leaves exceeded, if any. */
export async function exceeded(budgets: readonly Budget[]): Promise<Budget | null> {
  for (const budget of budgets) if ((await budget.used()) > budget.bytes) return budget;
  return null;
}
