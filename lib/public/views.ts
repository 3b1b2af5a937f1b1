/**
 * Form views: one per person per form, recorded when the public page opens
 * (POST /api/public/forms/:slug/views). With them,
 * completionRate = finished ÷ max(views, responses started), which stays
 * within 0..1 even for responses that came straight through the API. Their
 * number is kept in FormViewCount, so reading it costs one row.
 *
 * A view is recorded whatever the form's availability (a closed or full form
 * was still seen); only unknown or unpublished slugs are 404.
 */
import { provider } from "@/lib/db/client";
import { exec, rawExec, rawTransaction, sql, type RawSql } from "@/lib/db/raw";
import { AppError, notFound } from "@/lib/http/errors";
import { BODY_LIMITS, isJsonType, parseJson, readCappedText } from "@/lib/http/body";
import { findPublishedForm } from "./published-form";

export async function recordView(slug: string, personKey: string, now = new Date()): Promise<void> {
  const form = await findPublishedForm(slug);
  if (!form) throw notFound("Form");
  // The primary key (formId, personKey) makes this idempotent, also under
  // concurrency; the form's view counter counts only a row that was added,
  // in the same transaction.
  const view = sql`INSERT INTO "FormView" ("formId", "personKey", "createdAt") VALUES (${form.formId}, ${personKey}, ${now})
    ON CONFLICT ("formId", "personKey") DO NOTHING`;
  const counted = (rows: RawSql) => sql`INSERT INTO "FormViewCount" ("formId", "count") ${rows}
    ON CONFLICT ("formId") DO UPDATE SET "count" = "FormViewCount"."count" + 1`;
  if (provider === "postgresql") {
    // One autocommit statement: one round trip instead of four (BEGIN, two
    // INSERTs, COMMIT), and the counter row's lock is held inside the server
    // only, from its update to the commit.
    await rawExec(sql`WITH "added" AS (${view} RETURNING "formId") ${counted(sql`SELECT "formId", 1 FROM "added"`)}`);
    return;
  }
  await rawTransaction(function* () {
    if (yield* exec(view)) yield* exec(counted(sql`VALUES (${form.formId}, 1)`));
  });
}

/**
 * The views endpoint takes no body; an empty one or `{}` is tolerated, anything
 * else is a 400. Read through the capped reader like every body: a beacon has
 * no business sending more than a few bytes.
 */
export async function readEmptyBody(req: Request): Promise<void> {
  const text = await readCappedText(req, BODY_LIMITS.beacon);
  if (!text.trim()) return;
  if (!isJsonType(req.headers.get("content-type"))) {
    throw new AppError("unsupported_media_type", "Send no body, or {} with Content-Type: application/json");
  }
  const body = parseJson(text);
  if (body && typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0) return;
  throw new AppError("validation_failed", "This endpoint takes no body", [{ path: "", message: "Send no body, or {}" }]);
}
