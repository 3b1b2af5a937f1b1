-- CreateTable
CREATE TABLE "FormResponseShard" (
    "formId" TEXT NOT NULL,
    "shard" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("formId", "shard"),
    CONSTRAINT "FormResponseShard_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
