-- DropIndex
DROP INDEX "Answer_responseId_questionKey_valueText_idx";

-- CreateIndex
CREATE INDEX "Answer_responseId_questionKey_valueText_valueNumber_idx" ON "Answer"("responseId", "questionKey", "valueText", "valueNumber");
