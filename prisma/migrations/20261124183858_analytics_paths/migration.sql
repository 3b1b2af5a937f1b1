-- AlterTable
ALTER TABLE "Response" ADD COLUMN "leftAt" TEXT;
ALTER TABLE "Response" ADD COLUMN "pathUnanswered" TEXT;

-- CreateIndex
CREATE INDEX "Response_formId_finished_ending_score_leftAt_idx" ON "Response"("formId", "finished", "ending", "score", "leftAt");
