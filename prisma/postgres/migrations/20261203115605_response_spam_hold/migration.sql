-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "spamReasons" TEXT;
