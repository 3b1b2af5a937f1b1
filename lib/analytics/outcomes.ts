/**
 * What logic adds to the summary: how many finished responses reached each
 * ending, their score distribution and average, and where unfinished ones
 * stopped (drop-off). Each is ONE grouped SQL query over the covering
 * (formId, finished, ending, score, leftAt) index of Response: the rows that
 * come back are one per ending, per distinct score or per question, never
 * one per response.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { round2 } from "@/lib/question-types/kinds";
import { hasMetadata, metadataDriver } from "@/lib/responses/filters";
import type { ReadableForm } from "@/lib/responses/readable-form";

/** Up to this many distinct scores, the histogram has one bar per score; beyond, equal-width bins. */
export const SCORE_BARS_MAX = 20;
const SCORE_BINS = 10;

export const endingCountSchema = z
  .object({
    key: z.string().nullable().describe("The ending's key; null for the default ending (filter it with ending=end)"),
    title: z.string().describe("The ending's title (the key for an ending only older versions had)"),
    count: z.int().describe("Finished responses (after the filters) that reached it"),
  })
  .meta({ id: "EndingCount" });

export const scoreSummarySchema = z
  .object({
    count: z.int().describe("Finished responses (after the filters) with a score"),
    average: z.number().nullable().describe("Rounded to 2 decimals; null when no response has a score"),
    min: z.number().nullable(),
    max: z.number().nullable(),
    histogram: z
      .array(z.object({ from: z.number(), to: z.number(), count: z.int() }))
      .describe(
        `Ascending. Up to ${SCORE_BARS_MAX} distinct scores: one bar per score (from = to = the score). More: ${SCORE_BINS} equal-width bins, ` +
          "each from ≤ score < to, the last one also holding to",
      ),
  })
  .meta({ id: "ScoreSummary" });
export type ScoreSummary = z.output<typeof scoreSummarySchema>;

type Grouped<K> = { k: K; n: number | bigint };

/**
 * Per ending reached: the default ending first, then the latest version's
 * endings in order, then older versions' keys. `matched` gives the number
 * of responses `matching` keeps: a form that never had an ending sent every
 * finished response to the default one, so that number is the answer (no
 * GROUP BY over the form's responses: ~200 ms at a million).
 */
export async function endingCounts(form: ReadableForm, matching: Prisma.Sql, matched: () => Promise<number>): Promise<z.output<typeof endingCountSchema>[]> {
  if (form.endingKeys.size === 0) return [{ key: null, title: "Default ending", count: await matched() }];
  const rows = await db.$queryRaw<Grouped<string | null>[]>(Prisma.sql`
    SELECT r."ending" AS k, COUNT(*) AS n FROM "Response" r WHERE ${matching} GROUP BY r."ending"`);
  const counts = new Map(rows.map((r) => [r.k, Number(r.n)]));
  const listed = new Set(form.endings.map((e) => e.key));
  const older = [...counts.keys()].filter((k): k is string => k !== null && !listed.has(k)).sort();
  return [
    { key: null, title: "Default ending", count: counts.get(null) ?? 0 },
    ...form.endings.map((e) => ({ key: e.key, title: e.title, count: counts.get(e.key) ?? 0 })),
    ...older.map((key) => ({ key, title: key, count: counts.get(key) ?? 0 })),
  ];
}

/** The score distribution: one grouped query (distinct scores are few), binned here. */
export async function scoreSummary(matching: Prisma.Sql): Promise<ScoreSummary> {
  const rows = await db.$queryRaw<Grouped<number>[]>(Prisma.sql`
    SELECT r."score" AS k, COUNT(*) AS n FROM "Response" r WHERE ${matching} AND r."score" IS NOT NULL GROUP BY r."score" ORDER BY r."score"`);
  const scores = rows.map((r) => ({ v: Number(r.k), n: Number(r.n) }));
  return summarizeScores(scores);
}

/** Exported for unit tests: the summary of (score, count) pairs in ascending score order. */
export function summarizeScores(scores: { v: number; n: number }[]): ScoreSummary {
  const count = scores.reduce((s, x) => s + x.n, 0);
  if (!count) return { count: 0, average: null, min: null, max: null, histogram: [] };
  const min = scores[0].v;
  const max = scores[scores.length - 1].v;
  const average = round2(scores.reduce((s, x) => s + x.v * x.n, 0) / count);
  if (scores.length <= SCORE_BARS_MAX) return { count, average, min, max, histogram: scores.map((x) => ({ from: x.v, to: x.v, count: x.n })) };
  const width = (max - min) / SCORE_BINS;
  const histogram = Array.from({ length: SCORE_BINS }, (_, i) => ({
    from: round2(min + i * width),
    to: i === SCORE_BINS - 1 ? max : round2(min + (i + 1) * width),
    count: 0,
  }));
  for (const x of scores) histogram[Math.min(SCORE_BINS - 1, Math.floor((x.v - min) / width))].count += x.n;
  return { count, average, min, max, histogram };
}

/**
 * Unfinished responses per question they stopped at (Response.leftAt, see
 * paths.ts). Only the metadata filters apply: unfinished responses have no
 * ending or score.
 */
export async function dropOffCounts(formId: string, metadata: Record<string, string> | undefined): Promise<Map<string, number>> {
  const rows = hasMetadata(metadata)
    ? await db.$queryRaw<Grouped<string>[]>(Prisma.sql`
        SELECT r."leftAt" AS k, COUNT(*) AS n FROM "Answer" m CROSS JOIN "Response" r
        WHERE ${metadataDriver(formId, metadata, false)} AND r."id" = m."responseId" AND r."leftAt" IS NOT NULL
        GROUP BY r."leftAt"`)
    : await db.$queryRaw<Grouped<string>[]>(Prisma.sql`
        SELECT r."leftAt" AS k, COUNT(*) AS n FROM "Response" r
        WHERE r."formId" = ${formId} AND r."finished" = FALSE AND r."leftAt" IS NOT NULL
        GROUP BY r."leftAt"`);
  return new Map(rows.map((r) => [r.k, Number(r.n)]));
}
