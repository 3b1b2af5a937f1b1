-- AlterTable
ALTER TABLE "Response" ADD COLUMN "deviceKey" TEXT;
ALTER TABLE "Response" ADD COLUMN "onePerDevice" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Form" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "startAt" DATETIME,
    "endAt" DATETIME,
    "maxResponses" INTEGER,
    "limitOnePerPerson" BOOLEAN NOT NULL DEFAULT false,
    "onePerPersonBy" TEXT NOT NULL DEFAULT 'browser',
    "draft" TEXT NOT NULL,
    "responseCount" INTEGER NOT NULL DEFAULT 0,
    "publishedVersion" INTEGER,
    "publishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Form_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Form" ("createdAt", "draft", "endAt", "id", "limitOnePerPerson", "maxResponses", "publishedAt", "publishedVersion", "responseCount", "slug", "startAt", "status", "title", "updatedAt", "userId") SELECT "createdAt", "draft", "endAt", "id", "limitOnePerPerson", "maxResponses", "publishedAt", "publishedVersion", "responseCount", "slug", "startAt", "status", "title", "updatedAt", "userId" FROM "Form";
DROP TABLE "Form";
ALTER TABLE "new_Form" RENAME TO "Form";
CREATE UNIQUE INDEX "Form_slug_key" ON "Form"("slug");
CREATE INDEX "Form_userId_updatedAt_idx" ON "Form"("userId", "updatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Response_formId_onePerDevice_key" ON "Response"("formId", "onePerDevice");
