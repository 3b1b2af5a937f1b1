-- DropIndex
DROP INDEX "Answer_formId_finished_questionKey_valueNumber_idx";

-- DropIndex
DROP INDEX "Answer_formId_finished_questionKey_valueText_idx";

-- CreateIndex
CREATE INDEX "Answer_formId_finished_questionKey_valueText_responseId_idx" ON "Answer"("formId", "finished", "questionKey", "valueText", "responseId");

-- CreateIndex
CREATE INDEX "Answer_formId_finished_questionKey_valueNumber_responseId_idx" ON "Answer"("formId", "finished", "questionKey", "valueNumber", "responseId");
