-- CreateTable
CREATE TABLE "FormNotification" (
    "formId" TEXT NOT NULL,
    "recipients" TEXT NOT NULL DEFAULT '[]',
    "confirmationEnabled" BOOLEAN NOT NULL DEFAULT false,
    "confirmationQuestionKey" TEXT,
    "confirmationSubject" TEXT NOT NULL DEFAULT '',
    "confirmationMessage" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormNotification_pkey" PRIMARY KEY ("formId")
);

-- AddForeignKey
ALTER TABLE "FormNotification" ADD CONSTRAINT "FormNotification_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE CASCADE ON UPDATE CASCADE;
