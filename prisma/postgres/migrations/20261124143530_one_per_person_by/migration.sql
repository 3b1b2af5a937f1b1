-- AlterTable
ALTER TABLE "Form" ADD COLUMN     "onePerPersonBy" TEXT NOT NULL DEFAULT 'browser';

-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "deviceKey" TEXT,
ADD COLUMN     "onePerDevice" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Response_formId_onePerDevice_key" ON "Response"("formId", "onePerDevice");
