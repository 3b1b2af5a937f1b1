-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';
