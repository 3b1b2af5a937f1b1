-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN "addressKey" TEXT;

-- CreateIndex
CREATE INDEX "StoredFile_formId_addressKey_idx" ON "StoredFile"("formId", "addressKey");
