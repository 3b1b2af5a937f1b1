-- AlterTable
ALTER TABLE "Form" ADD COLUMN     "allowedEmbedOrigins" TEXT;
