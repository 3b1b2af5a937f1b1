/**
 * When stored files go:
 * - an upload no response names (never attached, or detached by a later
 *   write) is removed UPLOAD_PENDING_MAX_AGE_MS after its upload (default 1 h);
 * - deleting a response or a form removes its files at once (purgeFiles
 *   after the delete commits), and the sweep catches any the process missed
 *   (a crash in between): rows whose response or form no longer exists;
 * - a partial response keeps its files while it exists;
 * - an asset a save or a publish stopped naming goes once neither the draft
 *   nor the live published version names it (./form-assets.ts), and one
 *   never named (uploaded, then not saved) after the orphan age (./sweep.ts);
 *   its row is first marked RELEASED_ASSET, in the transaction that found it
 *   unnamed, and a row left so (its object's delete failed) is retried by
 *   the sweep.
 * The object goes first, then the row: a failure leaves a row the next sweep
 * retries, never an object nobody knows about.
 */
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { errorField, log } from "@/lib/observability/log";

export const SWEEP_BATCH = 200;

/** The kind of an asset's row on its way out: no longer an asset (never named or served again), its object still to delete. */
export const RELEASED_ASSET = "released-asset";

/** Object first, then row, one file at a time; a failure is logged and left for the next sweep. Returns how many went. */
export async function removeFiles(files: readonly { id: string; storageKey: string }[]): Promise<number> {
  const store = storage();
  let removed = 0;
  for (const file of files) {
    try {
      await store.delete(file.storageKey);
      await db.storedFile.deleteMany({ where: { id: file.id } });
      removed++;
    } catch (error) {
      log.error({ err: errorField(error) }, `could not remove stored file ${file.id}`);
    }
  }
  return removed;
}

/** After a response was deleted: its files (uploads), from storage too. */
export async function purgeResponseFiles(formId: string, responseId: string): Promise<void> {
  await removeFiles(await db.storedFile.findMany({ where: { formId, responseId }, select: { id: true, storageKey: true } }));
}

/** After a form was deleted: all its files (uploads and assets). */
export async function purgeFormFiles(formId: string): Promise<void> {
  for (;;) {
    const batch = await db.storedFile.findMany({ where: { formId }, select: { id: true, storageKey: true }, take: SWEEP_BATCH });
    if (batch.length === 0 || (await removeFiles(batch)) === 0) return;
  }
}
