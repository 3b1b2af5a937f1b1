-- CreateTable
CREATE TABLE "FormResponseShard" (
    "formId" TEXT NOT NULL,
    "shard" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "FormResponseShard_pkey" PRIMARY KEY ("formId","shard")
);

-- AddForeignKey
ALTER TABLE "FormResponseShard" ADD CONSTRAINT "FormResponseShard_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE CASCADE ON UPDATE CASCADE;
