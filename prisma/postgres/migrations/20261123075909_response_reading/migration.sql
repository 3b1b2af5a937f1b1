-- DropIndex
DROP INDEX "Answer_formId_questionKey_valueNumber_idx";

-- DropIndex
DROP INDEX "Answer_formId_questionKey_valueText_idx";

-- DropIndex
DROP INDEX "Answer_responseId_idx";

-- DropIndex
DROP INDEX "Response_formId_finished_submittedAt_idx";

-- CreateIndex
CREATE INDEX "Answer_formId_finished_questionKey_valueText_idx" ON "Answer"("formId", "finished", "questionKey", "valueText");

-- CreateIndex
CREATE INDEX "Answer_formId_finished_questionKey_valueNumber_idx" ON "Answer"("formId", "finished", "questionKey", "valueNumber");

-- CreateIndex
CREATE INDEX "Answer_responseId_questionKey_valueText_idx" ON "Answer"("responseId", "questionKey", "valueText");

-- CreateIndex
CREATE INDEX "Response_formId_finished_submittedAt_id_idx" ON "Response"("formId", "finished", "submittedAt", "id");

-- Free-text search (hand-written: the same index is declared for PostgreSQL
-- only in prisma/postgres/schema.prisma, see derivePostgresSchema in
-- scripts/db.ts, so later diffs keep it). A trigram GIN index serves
-- "searchText" LIKE '%term%' (terms of 3+ characters) without a full scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Response_searchText_trgm_idx" ON "Response" USING GIN ("searchText" gin_trgm_ops);
