-- CreateTable
CREATE TABLE "StoredFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "formId" TEXT NOT NULL,
    "questionKey" TEXT,
    "personKey" TEXT,
    "deviceKey" TEXT,
    "responseId" TEXT,
    "storageKey" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentType" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "StoredFile_formId_kind_idx" ON "StoredFile"("formId", "kind");

-- CreateIndex
CREATE INDEX "StoredFile_responseId_idx" ON "StoredFile"("responseId");

-- CreateIndex
CREATE INDEX "StoredFile_kind_responseId_createdAt_idx" ON "StoredFile"("kind", "responseId", "createdAt");
