/**
 * The periodic sweep of stored files (started with the outbox worker,
 * instrumentation.ts; every instance may run it — a file two instances both
 * remove is simply gone):
 * - every FILES_SWEEP_MS: uploads no response names, older than
 *   UPLOAD_PENDING_MAX_AGE_MS (short: until then they count against the
 *   pending budgets, ./budgets.ts);
 * - every DANGLING_EVERY_SWEEPS-th sweep (hourly by default) and the first
 *   after a start, also what only a crash, a failing store or an abandoned
 *   edit leaves: files whose response or form is gone (a crash between a
 *   delete's commit and its purge), released assets whose object is still
 *   there, and assets older than the orphan age that neither the draft nor
 *   the live version names (uploaded in the builder, never saved; or kept by
 *   a crash between a save and its release, ./form-assets.ts).
 */
import { db } from "@/lib/db/client";
import { rawQuery, sql } from "@/lib/db/raw";
import { setting } from "@/lib/settings";
import { releaseUnusedAssets } from "./form-assets";
import { RELEASED_ASSET, removeFiles, SWEEP_BATCH } from "./lifecycle";
import { errorField, log } from "@/lib/observability/log";

const DAY_MS = 24 * 60 * 60 * 1000;
const orphanMaxAgeMs = () => setting("FILES_ORPHAN_MAX_AGE_MS");
const pendingMaxAgeMs = () => setting("UPLOAD_PENDING_MAX_AGE_MS");
const sweepEveryMs = () => setting("FILES_SWEEP_MS");
const DANGLING_EVERY_SWEEPS = 6;

type FileRow = { id: string; storageKey: string };

/** Expired pending uploads: no response names them, older than the pending age (the (kind, responseId, createdAt) index). */
async function expiredOrphans(cutoff: Date) {
  return rawQuery<FileRow>(sql`
    SELECT f."id", f."storageKey" FROM "StoredFile" f
    WHERE f."kind" = 'upload' AND f."responseId" IS NULL AND f."createdAt" < ${cutoff}
    LIMIT ${SWEEP_BATCH}`);
}

/** Files whose response or form is gone, and released assets: a walk of every stored file, hence not at each sweep. */
async function danglingFiles() {
  return rawQuery<FileRow>(sql`
    SELECT f."id", f."storageKey" FROM "StoredFile" f
    WHERE f."kind" = ${RELEASED_ASSET}
       OR (f."responseId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Response" r WHERE r."id" = f."responseId"))
       OR NOT EXISTS (SELECT 1 FROM "Form" fo WHERE fo."id" = f."formId")
    LIMIT ${SWEEP_BATCH}`);
}

/**
 * Removes the assets older than `cutoff` that their form names nowhere (draft
 * or live version). A walk of the old assets in id order, a batch at a time:
 * named ones stay and are walked past, so they never hide the rest.
 */
async function sweepUnnamedAssets(cutoff: Date): Promise<number> {
  let removed = 0;
  for (let after = ""; ; ) {
    const batch = await db.storedFile.findMany({
      where: { kind: "asset", responseId: null, createdAt: { lt: cutoff }, id: { gt: after } }, // the (kind, responseId, createdAt) index
      orderBy: { id: "asc" },
      select: { id: true, formId: true },
      take: SWEEP_BATCH,
    });
    if (batch.length === 0) return removed;
    after = batch[batch.length - 1].id;
    const byForm = new Map<string, string[]>();
    for (const file of batch) byForm.set(file.formId, [...(byForm.get(file.formId) ?? []), file.id]);
    for (const [formId, ids] of byForm) removed += await releaseUnusedAssets(formId, ids);
  }
}

/** One sweep: expired pending uploads, and (`thorough`) dangling files and old unnamed assets. Returns how many were removed. */
export async function sweepFiles(now = Date.now(), thorough = true): Promise<number> {
  const pendingCutoff = new Date(now - pendingMaxAgeMs());
  const cutoff = new Date(now - orphanMaxAgeMs());
  let removed = 0;
  for (let due = await expiredOrphans(pendingCutoff); due.length; due = await expiredOrphans(pendingCutoff)) {
    const gone = await removeFiles(due);
    removed += gone;
    if (gone === 0) break; // storage is failing: leave the rest for the next sweep
  }
  if (!thorough) return removed;
  for (let due = await danglingFiles(); due.length; due = await danglingFiles()) {
    const gone = await removeFiles(due);
    removed += gone;
    if (gone === 0) break;
  }
  return removed + (await sweepUnnamedAssets(cutoff));
}

const globalForSweep = globalThis as unknown as { formloomFileSweep?: NodeJS.Timeout };

export function startFileSweeper(): void {
  if (globalForSweep.formloomFileSweep) return;
  let sweeps = 0;
  const run = async () => {
    try {
      // The first sweep after a start is thorough: a crash is what leaves dangling files.
      await sweepFiles(Date.now(), sweeps++ % DANGLING_EVERY_SWEEPS === 0);
    } catch (error) {
      log.error({ err: errorField(error) }, "file sweep failed");
    }
  };
  globalForSweep.formloomFileSweep = setInterval(() => void run(), sweepEveryMs());
  globalForSweep.formloomFileSweep.unref();
  setTimeout(() => void run(), 5_000).unref();
}
