-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "ending" TEXT,
ADD COLUMN     "score" DOUBLE PRECISION;
