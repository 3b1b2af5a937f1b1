-- AlterTable
ALTER TABLE "AnswerStat" DROP CONSTRAINT "AnswerStat_pkey",
ADD COLUMN     "shard" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnswerStat_pkey" PRIMARY KEY ("formId", "questionKey", "bucket", "shard");
