-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AnswerStat" (
    "formId" TEXT NOT NULL,
    "questionKey" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "shard" INTEGER NOT NULL DEFAULT 0,
    "count" INTEGER NOT NULL DEFAULT 0,
    "sum" REAL NOT NULL DEFAULT 0,

    PRIMARY KEY ("formId", "questionKey", "bucket", "shard"),
    CONSTRAINT "AnswerStat_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AnswerStat" ("bucket", "count", "formId", "questionKey", "sum") SELECT "bucket", "count", "formId", "questionKey", "sum" FROM "AnswerStat";
DROP TABLE "AnswerStat";
ALTER TABLE "new_AnswerStat" RENAME TO "AnswerStat";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
