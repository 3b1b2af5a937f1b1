-- AlterTable
ALTER TABLE "Response" ADD COLUMN "ending" TEXT;
ALTER TABLE "Response" ADD COLUMN "score" REAL;
