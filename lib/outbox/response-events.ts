/**
 * The outbox rows of response events, written inside the raw transaction of
 * the write itself (lib/outbox/enqueue.ts says why).
 *
 * response.finished carries only the response's id: the body is built at the
 * first attempt from the stored response (GET …/responses/:responseId's
 * object) and kept if that attempt fails, so every retry sends the same bytes.
 * response.deleted carries the response as it was, read in the deleting
 * transaction, since nothing is left to read afterwards.
 */
import { query, sql, type RawWork } from "@/lib/db/raw";
import type { AttachedFile } from "@/lib/files/answers";
import { serializeResponse } from "@/lib/responses/serialize";
import { enqueueResponseEmails } from "@/lib/email/enqueue";
import { enqueueWebhookEvent } from "./enqueue";

export interface ResponseEventPayload {
  responseId: string;
  /** Frozen at enqueue time (response.deleted); otherwise read when first sent. */
  response?: ReturnType<typeof serializeResponse>;
}

/** In the finishing transaction, before the guard; `webhookIds`: its subscribers, as the guard checks them (lib/outbox/subscribers.ts). */
export function* enqueueResponseFinished(formId: string, responseId: string, now: Date, webhookIds: readonly string[]): RawWork<void> {
  const payload: ResponseEventPayload = { responseId };
  yield* enqueueWebhookEvent(formId, "response.finished", payload, now, webhookIds);
  yield* enqueueResponseEmails(formId, responseId, now);
}

/** In the deleting transaction, before the response's rows go. */
export function* enqueueResponseDeleted(formId: string, responseId: string, now: Date): RawWork<void> {
  const [row] = yield* query<Parameters<typeof serializeResponse>[0]>(sql`
    SELECT r."id", r."finished", r."submittedAt", r."createdAt", v."version", r."answers", r."metadata", r."score", r."ending", r."language", r."spamReasons"
    FROM "Response" r JOIN "FormVersion" v ON v."id" = r."versionId"
    WHERE r."formId" = ${formId} AND r."id" = ${responseId}`);
  if (!row) return;
  const files = yield* query<AttachedFile>(sql`
    SELECT "id", "responseId", "questionKey", "name", "size", "contentType" FROM "StoredFile" WHERE "responseId" = ${responseId} AND "kind" = 'upload'`);
  // Raw rows: DateTimes come back as text on SQLite (serializeResponse reads them with new Date()).
  const payload: ResponseEventPayload = { responseId, response: serializeResponse(row, { formId, files }) };
  yield* enqueueWebhookEvent(formId, "response.deleted", payload, now);
}
