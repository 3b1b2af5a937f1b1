-- Search on PostgreSQL (hand-written: Prisma does not model it, see the
-- externalTables filter in lib/db/migrations.ts). The trigram GIN index on
-- Response.searchText answered LIKE '%term%' with a bitmap heap scan that
-- rechecks every candidate in the wide Response rows (answers and metadata
-- JSON beside the text): a term in 17 % of a million responses read 47k
-- table blocks. "ResponseSearch" holds only what a search reads, for the
-- FINISHED responses (lists show no others): the id, the form, the sort key
-- and the text, a few times narrower, with its own trigram index. A search
-- alone (no other filter) counts and pages from it without touching
-- Response (lib/responses/list.ts), with other filters it is an
-- r."id" IN (...) condition.
-- The triggers below keep it in step with Response in the same transaction,
-- whichever statement writes Response (submissions, partial updates,
-- deletes, the admin CLI, a bulk load).
-- CAUTION: the PostgreSQL adapter runs a migration as statements split at
-- every semicolon character, comments and function bodies included. So no
-- semicolon in these comments, and the trigger function's body is an E''
-- string whose semicolons are written \073.
DROP INDEX "Response_searchText_trgm_idx";

CREATE TABLE "ResponseSearch" (
    "responseId" TEXT NOT NULL,
    "formId" TEXT NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "searchText" TEXT NOT NULL,
    CONSTRAINT "ResponseSearch_pkey" PRIMARY KEY ("responseId")
);

-- Deletes the old row's entry (update, delete), then adds the new row's if it is finished (insert, update).
CREATE FUNCTION "Response_search_sync"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    DELETE FROM "ResponseSearch" WHERE "responseId" = OLD."id"\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."finished" THEN
    INSERT INTO "ResponseSearch" ("responseId", "formId", "submittedAt", "searchText")
    VALUES (NEW."id", NEW."formId", NEW."submittedAt", NEW."searchText")\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Response_search_insert" AFTER INSERT ON "Response"
  FOR EACH ROW WHEN (NEW."finished") EXECUTE FUNCTION "Response_search_sync"();

CREATE TRIGGER "Response_search_update" AFTER UPDATE ON "Response"
  FOR EACH ROW WHEN ((OLD."finished" OR NEW."finished") AND (
    OLD."finished" IS DISTINCT FROM NEW."finished" OR OLD."searchText" IS DISTINCT FROM NEW."searchText"
    OR OLD."submittedAt" IS DISTINCT FROM NEW."submittedAt" OR OLD."formId" IS DISTINCT FROM NEW."formId" OR OLD."id" IS DISTINCT FROM NEW."id"))
  EXECUTE FUNCTION "Response_search_sync"();

CREATE TRIGGER "Response_search_delete" AFTER DELETE ON "Response"
  FOR EACH ROW WHEN (OLD."finished") EXECUTE FUNCTION "Response_search_sync"();

-- The rows already there (the triggers exist first, so a response written meanwhile is already in: skipped).
INSERT INTO "ResponseSearch" ("responseId", "formId", "submittedAt", "searchText")
SELECT "id", "formId", "submittedAt", "searchText" FROM "Response" WHERE "finished"
ON CONFLICT ("responseId") DO NOTHING;

-- After the rows: one bulk build instead of a million index insertions.
CREATE INDEX "ResponseSearch_searchText_trgm_idx" ON "ResponseSearch" USING GIN ("searchText" gin_trgm_ops);
