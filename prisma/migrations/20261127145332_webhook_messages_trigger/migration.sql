-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OutboxMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "channel" TEXT NOT NULL,
    "webhookId" TEXT,
    "formId" TEXT,
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "body" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "leaseUntil" DATETIME,
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "responseBody" TEXT,
    "createdAt" DATETIME NOT NULL,
    "deliveredAt" DATETIME
);
INSERT INTO "new_OutboxMessage" ("attempts", "body", "channel", "createdAt", "deliveredAt", "event", "formId", "id", "lastError", "lastStatusCode", "leaseUntil", "nextAttemptAt", "payload", "responseBody", "status", "webhookId") SELECT "attempts", "body", "channel", "createdAt", "deliveredAt", "event", "formId", "id", "lastError", "lastStatusCode", "leaseUntil", "nextAttemptAt", "payload", "responseBody", "status", "webhookId" FROM "OutboxMessage";
DROP TABLE "OutboxMessage";
ALTER TABLE "new_OutboxMessage" RENAME TO "OutboxMessage";
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");
CREATE INDEX "OutboxMessage_webhookId_createdAt_id_idx" ON "OutboxMessage"("webhookId", "createdAt", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Hand-written (Prisma does not model triggers, nor does its diff see them):
-- webhookId is no longer a foreign key (see the OutboxMessage model), so a
-- webhook's deliveries are deleted with it here, as the cascade of the key
-- did, also when a form's cascade deletes the webhook.
CREATE TRIGGER "Webhook_delete_messages" AFTER DELETE ON "Webhook"
BEGIN
  DELETE FROM "OutboxMessage" WHERE "webhookId" = OLD."id";
END;
