/**
 * A form's finished responses: Form.responseCount plus its FormResponseShard
 * rows. On PostgreSQL a submission to a form without a cap adds to a shard
 * instead of the Form row (lib/responses/submit-guard.ts claimResponseSlot);
 * a form with a cap has none (folded below), so its column alone is what the
 * cap is checked against.
 */
import { provider, type Tx } from "@/lib/db/client";

/** Prisma `include`/`select` part that responseTotal reads. */
export const responseShards = { responseShards: { select: { count: true } } } as const;

export const responseTotal = (row: { responseCount: number; responseShards: { count: number }[] }) =>
  row.responseShards.reduce((n, shard) => n + shard.count, row.responseCount);

/**
 * In the transaction that changed the form's settings, after its UPDATE of
 * the Form row: when the form now has a cap, its shards move into
 * responseCount. The UPDATE waited for every submission that had share-locked
 * the row (they committed, so this statement sees their shards) and holds
 * the row until COMMIT: later ones wait, then see the cap and take the capped
 * path. Only PostgreSQL writes shards.
 */
export async function foldResponseShards(tx: Tx, formId: string) {
  if (provider !== "postgresql") return;
  await tx.$executeRaw`
    WITH folded AS (
      DELETE FROM "FormResponseShard"
      WHERE "formId" = ${formId} AND (SELECT "maxResponses" FROM "Form" WHERE "id" = ${formId}) IS NOT NULL
      RETURNING "count")
    UPDATE "Form" SET "responseCount" = "responseCount" + (SELECT COALESCE(SUM("count"), 0) FROM folded)
    WHERE "id" = ${formId} AND EXISTS (SELECT 1 FROM folded)`;
}
