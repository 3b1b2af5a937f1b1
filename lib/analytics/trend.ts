/**
 * Daily counts of finished responses for the 30 UTC days ending today,
 * grouped by Response.submittedDay in SQL (one covering index range).
 */
import type { Actor } from "@/lib/workspaces/actor";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { andMetadata, checkMetadataKeys, metadataFilterSchema } from "@/lib/responses/filters";
import { getReadableForm } from "@/lib/responses/readable-form";

export const TREND_DAYS = 30;
const DAY_MS = 86_400_000;

export const analyticsTrendQuerySchema = z
  .strictObject({ metadata: metadataFilterSchema.optional() })
  .meta({ id: "AnalyticsTrendQuery" });
export type AnalyticsTrendQuery = z.output<typeof analyticsTrendQuerySchema>;

export const trendSchema = z
  .object({
    formId: z.string(),
    days: z.array(z.object({ date: z.iso.date(), count: z.int() })).describe(`${TREND_DAYS} UTC days ending today, oldest first, zeros included`),
  })
  .meta({ id: "AnalyticsTrend" });

/** The `count` UTC days ending with `now`'s day, oldest first, as YYYY-MM-DD. */
export function utcDaysEnding(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export async function getTrend(actor: Actor, formId: string, query: AnalyticsTrendQuery, now = new Date()) {
  const form = await getReadableForm(actor.workspaceId, formId);
  checkMetadataKeys(form, query.metadata);
  const days = utcDaysEnding(now, TREND_DAYS);
  // submittedDay is set only when a response finishes, so it implies finished.
  const rows = await db.$queryRaw<{ day: string; n: number | bigint }[]>(Prisma.sql`
    SELECT r."submittedDay" AS day, COUNT(*) AS n
    FROM "Response" r
    WHERE r."formId" = ${form.id} AND r."submittedDay" >= ${days[0]} AND r."submittedDay" <= ${days[days.length - 1]}
      ${andMetadata(query.metadata, Prisma.sql`r."id"`)}
    GROUP BY r."submittedDay"`);
  const counts = new Map(rows.map((row) => [row.day, Number(row.n)]));
  return { formId: form.id, days: days.map((date) => ({ date, count: counts.get(date) ?? 0 })) };
}
