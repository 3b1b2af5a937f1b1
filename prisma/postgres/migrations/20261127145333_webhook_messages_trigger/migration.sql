-- DropForeignKey
ALTER TABLE "OutboxMessage" DROP CONSTRAINT "OutboxMessage_webhookId_fkey";

-- Hand-written (Prisma does not model triggers, nor does its diff see them).
-- webhookId is no longer a foreign key (see the OutboxMessage model): its
-- check locked the webhook row in every submission that wrote a delivery.
-- A webhook's deliveries are deleted with it here, as the cascade of the key
-- did, also when a form's cascade deletes the webhook. The DELETE below runs
-- on a snapshot of its own, so it also sees rows committed meanwhile by a
-- submission that held the form row (lib/webhooks/webhooks.ts deleteWebhook).
-- CAUTION: the PostgreSQL adapter splits a migration at every semicolon
-- character, comments and function bodies included (see the migration
-- response_search_table): the body is an E'' string with \073 for them.
CREATE FUNCTION "Webhook_delete_messages"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "OutboxMessage" WHERE "webhookId" = OLD."id"\073
  RETURN NULL\073
END';

CREATE TRIGGER "Webhook_delete_messages" AFTER DELETE ON "Webhook"
  FOR EACH ROW EXECUTE FUNCTION "Webhook_delete_messages"();
