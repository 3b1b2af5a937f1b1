-- CreateTable
CREATE TABLE "FormNotification" (
    "formId" TEXT NOT NULL PRIMARY KEY,
    "recipients" TEXT NOT NULL DEFAULT '[]',
    "confirmationEnabled" BOOLEAN NOT NULL DEFAULT false,
    "confirmationQuestionKey" TEXT,
    "confirmationSubject" TEXT NOT NULL DEFAULT '',
    "confirmationMessage" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FormNotification_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
