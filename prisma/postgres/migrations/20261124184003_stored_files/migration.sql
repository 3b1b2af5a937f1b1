-- CreateTable
CREATE TABLE "StoredFile" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StoredFile_formId_kind_idx" ON "StoredFile"("formId", "kind");

-- CreateIndex
CREATE INDEX "StoredFile_responseId_idx" ON "StoredFile"("responseId");

-- CreateIndex
CREATE INDEX "StoredFile_kind_responseId_createdAt_idx" ON "StoredFile"("kind", "responseId", "createdAt");
