-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Form" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "startAt" DATETIME,
    "endAt" DATETIME,
    "maxResponses" INTEGER,
    "limitOnePerPerson" BOOLEAN NOT NULL DEFAULT false,
    "draft" TEXT NOT NULL,
    "responseCount" INTEGER NOT NULL DEFAULT 0,
    "publishedVersion" INTEGER,
    "publishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Form_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FormVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "formId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "schema" TEXT NOT NULL,
    "publishedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FormVersion_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Response" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "formId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "personKey" TEXT NOT NULL,
    "onePerPerson" TEXT,
    "idempotencyKey" TEXT,
    "finished" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "submittedAt" DATETIME,
    "submittedDay" TEXT,
    "answers" TEXT NOT NULL,
    "metadata" TEXT NOT NULL,
    "searchText" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "Response_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Response_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "FormVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Answer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "responseId" TEXT NOT NULL,
    "formId" TEXT NOT NULL,
    "questionKey" TEXT NOT NULL,
    "finished" BOOLEAN NOT NULL DEFAULT false,
    "valueText" TEXT,
    "valueNumber" REAL,
    CONSTRAINT "Answer_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Answer_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FormView" (
    "formId" TEXT NOT NULL,
    "personKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("formId", "personKey"),
    CONSTRAINT "FormView_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "windowStart" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("key", "windowStart")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_userId_createdAt_idx" ON "ApiKey"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Form_slug_key" ON "Form"("slug");

-- CreateIndex
CREATE INDEX "Form_userId_updatedAt_idx" ON "Form"("userId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "FormVersion_formId_version_key" ON "FormVersion"("formId", "version");

-- CreateIndex
CREATE INDEX "Response_formId_finished_submittedAt_idx" ON "Response"("formId", "finished", "submittedAt");

-- CreateIndex
CREATE INDEX "Response_formId_submittedDay_idx" ON "Response"("formId", "submittedDay");

-- CreateIndex
CREATE INDEX "Response_formId_personKey_idx" ON "Response"("formId", "personKey");

-- CreateIndex
CREATE UNIQUE INDEX "Response_formId_onePerPerson_key" ON "Response"("formId", "onePerPerson");

-- CreateIndex
CREATE UNIQUE INDEX "Response_formId_idempotencyKey_key" ON "Response"("formId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "Answer_formId_questionKey_valueText_idx" ON "Answer"("formId", "questionKey", "valueText");

-- CreateIndex
CREATE INDEX "Answer_formId_questionKey_valueNumber_idx" ON "Answer"("formId", "questionKey", "valueNumber");

-- CreateIndex
CREATE INDEX "Answer_responseId_idx" ON "Answer"("responseId");
