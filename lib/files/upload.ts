/**
 * POST /api/public/forms/:slug/files?question=<key>: a respondent's upload
 * for one file question of a published, open form. Same per-IP rate limit as
 * submissions; the file is bound to the respondent (the fl_rid cookie's
 * personKey, or for a cookie-less client its IP + user agent), so only they
 * can attach it to a response (./attach.ts), and counted against the
 * pending budgets of its form and client address (./budgets.ts).
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
import { addressKey, exceeded, tightest, uploadBudgets, type Budget } from "./budgets";
import { MiB, uploadMaxFileMb } from "./limits";
import { receiveUpload, type ReceivedFile } from "./receive";
import { scanUpload } from "./scan";

const closed: Record<string, [ErrorCode, string]> = {
  not_open: ["form_not_open", "This form does not take responses yet"],
  closed: ["form_closed", "This form is closed and no longer takes responses"],
  full: ["form_full", "This form has reached its maximum number of responses"],
};

/**
 * Streams one file to storage within the least room its budgets leave
 * (./budgets.ts), scans it, and records it; checks the budgets again with
 * its row written; anything failing on the way removes the object again.
 */
export async function storeFormFile(
  req: Request,
  rules: { kind: StoredKind; maxBytes: number; accept: readonly string[]; budgets: readonly Budget[] },
  row: { formId: string; questionKey?: string; personKey?: string; deviceKey?: string | null; addressKey?: string },
): Promise<ReceivedFile> {
  const { budget, room } = await tightest(rules.budgets);
  if (room <= 0) throw budget.refusal();
  const budgetBound = room < rules.maxBytes;
  const file = await receiveUpload(req, {
    kind: rules.kind,
    maxBytes: Math.min(rules.maxBytes, room),
    accept: rules.accept,
    tooLarge: budgetBound ? budget.refusal : () => payloadTooLarge(rules.maxBytes),
  });
  const store = storage();
  let recorded = false;
  try {
    await scanUpload(() => store.get(file.storageKey));
    await db.storedFile.create({
      data: {
        id: file.id, kind: rules.kind, formId: row.formId, storageKey: file.storageKey, name: file.name, size: file.size, contentType: file.contentType,
        questionKey: row.questionKey ?? null, personKey: row.personKey ?? null, deviceKey: row.deviceKey ?? null, addressKey: row.addressKey ?? null,
      },
    });
    recorded = true;
    // Uploads at once each saw the room before the others were recorded: with this row counted, does it still fit?
    const over = await exceeded(rules.budgets);
    if (over) throw over.refusal();
  } catch (error) {
    if (recorded) await db.storedFile.deleteMany({ where: { id: file.id } }).catch(() => undefined);
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
  const address = addressKey(respondent.ip);
  const file = await storeFormFile(
    req,
    { kind: "upload", maxBytes, accept: rules.accept, budgets: uploadBudgets(form.formId, address) },
    { formId: form.formId, questionKey, personKey: respondent.personKey, deviceKey: respondent.deviceKey, addressKey: address },
  );
  const headers = new Headers({ "cache-control": "no-store" });
  if (respondent.setCookie) headers.append("set-cookie", respondent.setCookie);
  return NextResponse.json({ file: { id: file.id, name: file.name, size: file.size, contentType: file.contentType } }, { status: 201, headers });
}
