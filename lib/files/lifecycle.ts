/**
 * When stored files go:
 * - an upload no response names (never attached, or detached by a later
 *   write) is removed FILES_ORPHAN_MAX_AGE_MS after its upload (default 24 h);
 * - deleting a response or a form removes its files at once (purgeFiles
 *   after the delete commits), and the sweep catches any the process missed
 *   (a crash in between): rows whose response or form no longer exists;
 * - a partial response keeps its files while it exists;
 * - an asset a save or a publish stopped naming goes once neither the draft
 *   nor the live published version names it (./form-assets.ts).
 * The object goes first, then the row: a failure leaves a row the next sweep
 * retries, never an object nobody knows about.
 */
import { db } from "@/lib/db/client";
import { rawQuery, sql } from "@/lib/db/raw";
import { storage } from "@/lib/storage";

const DAY_MS = 24 * 60 * 60 * 1000;
export const orphanMaxAgeMs = () => Number(process.env.FILES_ORPHAN_MAX_AGE_MS || DAY_MS);
export const sweepEveryMs = () => Number(process.env.FILES_SWEEP_MS || 10 * 60 * 1000);
const SWEEP_BATCH = 200;

async function removeFiles(files: readonly { id: string; storageKey: string }[]): Promise<number> {
  const store = storage();
  let removed = 0;
  for (const file of files) {
    try {
      await store.delete(file.storageKey);
      await db.storedFile.deleteMany({ where: { id: file.id } });
      removed++;
    } catch (error) {
      console.error(`could not remove stored file ${file.id}`, error);
    }
  }
  return removed;
}

/** After a response was deleted: its files (uploads), from storage too. */
export async function purgeResponseFiles(formId: string, responseId: string): Promise<void> {
  await removeFiles(await db.storedFile.findMany({ where: { formId, responseId }, select: { id: true, storageKey: true } }));
}

/** Assets of the form that nothing names any more (./form-assets.ts releaseUnusedAssets), from storage too. */
export async function purgeAssets(formId: string, ids: readonly string[]): Promise<void> {
  await removeFiles(await db.storedFile.findMany({ where: { formId, kind: "asset", id: { in: [...ids] } }, select: { id: true, storageKey: true } }));
}

/** After a form was deleted: all its files (uploads and assets). */
export async function purgeFormFiles(formId: string): Promise<void> {
  for (;;) {
    const batch = await db.storedFile.findMany({ where: { formId }, select: { id: true, storageKey: true }, take: SWEEP_BATCH });
    if (batch.length === 0 || (await removeFiles(batch)) === 0) return;
  }
}

/** Expired orphans: uploads no response names, older than the orphan age (the (kind, responseId, createdAt) index). */
async function expiredOrphans(now: number) {
  const cutoff = new Date(now - orphanMaxAgeMs());
  return rawQuery<{ id: string; storageKey: string }>(sql`
    SELECT f."id", f."storageKey" FROM "StoredFile" f
    WHERE f."kind" = 'upload' AND f."responseId" IS NULL AND f."createdAt" < ${cutoff}
    LIMIT ${SWEEP_BATCH}`);
}

/**
 * Files whose response or form is gone: only a crash between a delete's
 * commit and its purge leaves any, so this walk of every stored file runs
 * at every DANGLING_EVERY_SWEEPS-th sweep (hourly by default), not at each.
 */
async function danglingFiles() {
  return rawQuery<{ id: string; storageKey: string }>(sql`
    SELECT f."id", f."storageKey" FROM "StoredFile" f
    WHERE (f."responseId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Response" r WHERE r."id" = f."responseId"))
       OR NOT EXISTS (SELECT 1 FROM "Form" fo WHERE fo."id" = f."formId")
    LIMIT ${SWEEP_BATCH}`);
}
const DANGLING_EVERY_SWEEPS = 6;

/** One sweep: expired orphans, and (`dangling`) files whose response or form is gone. Returns how many were removed. */
export async function sweepFiles(now = Date.now(), dangling = true): Promise<number> {
  const due = await expiredOrphans(now);
  if (dangling && due.length < SWEEP_BATCH) due.push(...(await danglingFiles()).filter((f) => !due.some((d) => d.id === f.id)));
  return removeFiles(due);
}

// ---- the periodic sweep (started with the outbox worker, instrumentation.ts) ----
const globalForSweep = globalThis as unknown as { formloomFileSweep?: NodeJS.Timeout };

export function startFileSweeper(): void {
  if (globalForSweep.formloomFileSweep) return;
  let sweeps = 0;
  const run = async () => {
    try {
      // The first sweep after a start looks for dangling files too (a crash is what leaves them).
      const dangling = sweeps++ % DANGLING_EVERY_SWEEPS === 0;
      const now = Date.now();
      while ((await sweepFiles(now, dangling)) >= SWEEP_BATCH);
    } catch (error) {
      console.error("file sweep failed", error);
    }
  };
  globalForSweep.formloomFileSweep = setInterval(() => void run(), sweepEveryMs());
  globalForSweep.formloomFileSweep.unref();
  setTimeout(() => void run(), 5_000).unref();
}
