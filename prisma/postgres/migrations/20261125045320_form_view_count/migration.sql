-- CreateTable
CREATE TABLE "FormViewCount" (
    "formId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "FormViewCount_pkey" PRIMARY KEY ("formId")
);

-- AddForeignKey
ALTER TABLE "FormViewCount" ADD CONSTRAINT "FormViewCount_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The views recorded before the counter (later ones count in recordView's transaction).
INSERT INTO "FormViewCount" ("formId", "count") SELECT "formId", COUNT(*) FROM "FormView" GROUP BY "formId";
