-- Planner statistics (hand-written: Prisma does not model them, nor does its
-- diff see them). A metadata filter is EXISTS (an Answer row with this
-- questionKey AND this valueText). Taking the two columns as independent, the
-- planner guessed 1 % of responses match where utm_source=newsletter matches
-- 12.5 %, so it planned for a long walk and launched parallel workers for a
-- responses page that reads 170 index entries: ~35 ms of worker start-up
-- around 0.6 ms of work at 1M responses. A list of the most common
-- (questionKey, valueText) pairs gives it the real frequency of the pair.
CREATE STATISTICS IF NOT EXISTS "Answer_questionKey_valueText_stats" (mcv) ON "questionKey", "valueText" FROM "Answer";

-- Gathered now rather than at autovacuum's next analyze of the table.
ANALYZE "Answer";
