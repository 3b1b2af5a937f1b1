-- CreateTable
CREATE TABLE "AnswerStat" (
    "formId" TEXT NOT NULL,
    "questionKey" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "AnswerStat_pkey" PRIMARY KEY ("formId","questionKey","bucket")
);

-- AddForeignKey
ALTER TABLE "AnswerStat" ADD CONSTRAINT "AnswerStat_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill (hand-written): the counters of every finished response stored so far,
-- recomputed from its Answer rows and its version's question types. A frozen
-- copy of answerStatsQuery() in lib/analytics/answer-stats.ts.
INSERT INTO "AnswerStat" ("formId", "questionKey", "bucket", "count", "sum") 
    SELECT a."formId" AS "formId", a."questionKey" AS "questionKey", '' AS "bucket",
           COUNT(DISTINCT a."responseId") AS "count", COALESCE(SUM(a."valueNumber"), 0.0) AS "sum"
    FROM "Answer" a
    WHERE a."finished" = TRUE
    GROUP BY a."formId", a."questionKey"
    UNION ALL
    SELECT a."formId", a."questionKey",
           '=' || CASE WHEN (q."value" ->> 'type') IN ('rating', 'nps') THEN CAST(CAST(a."valueNumber" AS BIGINT) AS TEXT) ELSE a."valueText" END,
           COUNT(*), 0.0
    FROM "Answer" a
    JOIN "Response" r ON r."id" = a."responseId"
    JOIN "FormVersion" v ON v."id" = r."versionId"
       JOIN LATERAL jsonb_array_elements(v."schema"::jsonb -> 'questions') AS q("value") ON q."value" ->> 'key' = a."questionKey"
    WHERE a."finished" = TRUE
      AND (q."value" ->> 'type') IN ('rating', 'nps', 'single-choice', 'dropdown', 'multiple-choice', 'yes-no', 'hidden')
      AND (CASE WHEN (q."value" ->> 'type') IN ('rating', 'nps') THEN a."valueNumber" IS NOT NULL ELSE a."valueText" IS NOT NULL END)
    GROUP BY a."formId", a."questionKey", 3;
