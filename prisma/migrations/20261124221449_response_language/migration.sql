-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Response" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "formId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "personKey" TEXT NOT NULL,
    "deviceKey" TEXT,
    "onePerPerson" TEXT,
    "onePerDevice" TEXT,
    "idempotencyKey" TEXT,
    "finished" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "submittedAt" DATETIME,
    "submittedDay" TEXT,
    "answers" TEXT NOT NULL,
    "metadata" TEXT NOT NULL,
    "searchText" TEXT NOT NULL DEFAULT '',
    "score" REAL,
    "ending" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "pathUnanswered" TEXT,
    "leftAt" TEXT,
    CONSTRAINT "Response_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Response_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "FormVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Response" ("answers", "createdAt", "deviceKey", "ending", "finished", "formId", "id", "idempotencyKey", "leftAt", "metadata", "onePerDevice", "onePerPerson", "pathUnanswered", "personKey", "score", "searchText", "submittedAt", "submittedDay", "updatedAt", "versionId") SELECT "answers", "createdAt", "deviceKey", "ending", "finished", "formId", "id", "idempotencyKey", "leftAt", "metadata", "onePerDevice", "onePerPerson", "pathUnanswered", "personKey", "score", "searchText", "submittedAt", "submittedDay", "updatedAt", "versionId" FROM "Response";
DROP TABLE "Response";
ALTER TABLE "new_Response" RENAME TO "Response";
CREATE INDEX "Response_formId_finished_submittedAt_id_idx" ON "Response"("formId", "finished", "submittedAt", "id");
CREATE INDEX "Response_formId_submittedDay_idx" ON "Response"("formId", "submittedDay");
CREATE INDEX "Response_formId_finished_ending_score_leftAt_idx" ON "Response"("formId", "finished", "ending", "score", "leftAt");
CREATE INDEX "Response_formId_personKey_idx" ON "Response"("formId", "personKey");
CREATE UNIQUE INDEX "Response_formId_onePerPerson_key" ON "Response"("formId", "onePerPerson");
CREATE UNIQUE INDEX "Response_formId_onePerDevice_key" ON "Response"("formId", "onePerDevice");
CREATE UNIQUE INDEX "Response_formId_idempotencyKey_key" ON "Response"("formId", "idempotencyKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
