-- DropIndex
DROP INDEX "Answer_responseId_idx";

-- DropIndex
DROP INDEX "Answer_formId_questionKey_valueNumber_idx";

-- DropIndex
DROP INDEX "Answer_formId_questionKey_valueText_idx";

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

-- Free-text search (hand-written: Prisma does not model it, see the
-- externalTables filter in lib/db/migrations.ts). An FTS5 index with the
-- trigram tokenizer over Response.searchText gives case-insensitive substring
-- matches (terms of 3+ characters) without scanning the responses. It is an
-- external-content index keyed by Response's rowid and kept in sync by the
-- triggers below.
-- CAUTION: a later migration that redefines the Response table (Prisma's
-- "RedefineTables" on SQLite) drops these triggers and renumbers rowids: it
-- must recreate the triggers and end with the 'rebuild' statement below.
CREATE VIRTUAL TABLE "ResponseSearch" USING fts5("searchText", content='Response', content_rowid='rowid', tokenize='trigram');

CREATE TRIGGER "Response_search_insert" AFTER INSERT ON "Response" BEGIN
  INSERT INTO "ResponseSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;

CREATE TRIGGER "Response_search_delete" AFTER DELETE ON "Response" BEGIN
  INSERT INTO "ResponseSearch"("ResponseSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
END;

CREATE TRIGGER "Response_search_update" AFTER UPDATE OF "searchText" ON "Response" BEGIN
  INSERT INTO "ResponseSearch"("ResponseSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
  INSERT INTO "ResponseSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;

INSERT INTO "ResponseSearch"("ResponseSearch") VALUES ('rebuild');
