-- The language the respondent answered in (lib/i18n). Written by hand as a plain
-- ADD COLUMN: the generated table redefinition would drop the FTS5 triggers of
-- "ResponseSearch" (20261123075909_response_reading) and renumber the rowids it
-- indexes. SQLite adds a NOT NULL column with a constant default in place.
ALTER TABLE "Response" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
