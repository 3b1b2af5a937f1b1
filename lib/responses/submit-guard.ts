/**
 * The database decides whether a form takes a response, inside the write's own
 * transaction, so limits are exact across requests and app instances:
 *
 * - finishing a response claims a slot with ONE conditional UPDATE of the
 *   form's counter: published, same slug/version/one-per-person setting as the
 *   lookup we validated against, open now (startAt/endAt), and under
 *   maxResponses. 0 rows changed → the transaction rolls back, nothing stays.
 *   On PostgreSQL the UPDATE row-locks the form until COMMIT, so concurrent
 *   finishers queue on it and `responseCount < maxResponses` is re-checked on
 *   the committed value; on SQLite the whole write is serialized. A form
 *   without a cap on PostgreSQL: see claimResponseSlot.
 * - saving an unfinished response checks the same conditions with a SELECT
 *   (it takes no slot; the cap is enforced exactly when it is finished).
 *
 * It runs LAST in the transaction so that on PostgreSQL the form row is
 * locked only from the counter update to COMMIT.
 *
 * When the guard refuses, refusalOf() reads the form again to say why — or
 * that our (cached) lookup was stale, and the caller retries with a fresh one.
 */
import { applyStatDeltas, statDeltas } from "@/lib/analytics/answer-stats";
import { unansweredKeys } from "@/lib/analytics/paths";
import { db, provider } from "@/lib/db/client";
import { claim, claimShared, counterShard, query, sql, write, type RawWork } from "@/lib/db/raw";
import { AppError, notFound } from "@/lib/http/errors";
import { enqueueResponseFinished } from "@/lib/outbox/response-events";
import { availability, findPublishedForm, forgetPublishedForm, FORM_CACHE_MS, type PublishedForm } from "@/lib/public/published-form";
import { attachFiles } from "@/lib/files/attach";
import { writeAnswerRows, type AnswerValueRow } from "./store";

/** Thrown inside a transaction to roll it back: the form did not take the write. */
export class FormRefused extends Error {
  constructor(readonly at: Date) {
    super("The form refused the write");
  }
}

/** The conditions under which the form takes a response now (both statements below). */
const takesResponses = (form: PublishedForm, now: Date) => sql`
    "id" = ${form.formId} AND "slug" = ${form.slug} AND "status" = 'published'
      AND "publishedVersion" = ${form.version} AND "limitOnePerPerson" = ${form.limitOnePerPerson}
      AND "onePerPersonBy" = ${form.onePerPersonBy}
      AND ("maxResponses" IS NULL OR "responseCount" < "maxResponses")
      AND ("startAt" IS NULL OR "startAt" <= ${now}) AND ("endAt" IS NULL OR "endAt" > ${now})
      AND "outboxVersion" = ${form.outboxVersion}`;

/**
 * How every response write ends, in its rawTransaction, after the Response
 * row: its Answer rows; when it finishes the response, the analytics counters
 * (lib/analytics/answer-stats.ts) and a claimed slot; otherwise the check that
 * the form is open. The guard is always the last statement.
 *
 * A finished response's outbox rows (webhooks, emails) are written here too,
 * so every way a response gets finished (the API's POST, the finishing PATCH,
 * the no-JavaScript post) notifies, and only when it commits. Whether there is
 * anyone to notify comes from the cached lookup; the guard's outboxVersion
 * check makes that exact (lib/outbox/subscribers.ts).
 */
export function* writeAnswersThenGuard(
  form: PublishedForm,
  target: { responseId: string; finished: boolean; replace: boolean; pathUnanswered: string | null },
  rows: AnswerValueRow[],
  now: Date,
): RawWork<void> {
  yield* writeAnswerRows({ responseId: target.responseId, formId: form.formId, finished: target.finished }, rows, { replace: target.replace });
  // Uploads named by file answers: checked (same form, question, respondent; unattached) and attached, or the write rolls back.
  yield* attachFiles(form, target, rows);
  if (target.finished) {
    yield* applyStatDeltas(form.formId, statDeltas(form.schema.questions, rows, 1, unansweredKeys(target.pathUnanswered)));
    if (form.onFinish.notifies) yield* enqueueResponseFinished(form.formId, target.responseId, now, form.onFinish.webhookIds);
    yield* claimResponseSlot(form, now);
  } else {
    yield* checkFormOpen(form, now);
  }
}

/**
 * In a rawTransaction, as its last statement. A form with a cap: the form's
 * counter, under the form's row lock (the cap is exact). On PostgreSQL a form
 * without one is counted in its connection's shard (FormResponseShard) and
 * its row only share-locked: concurrent submissions then neither wait for
 * each other's commit nor pay one WAL flush each. The share lock still makes
 * a change of the form (settings, outboxVersion) wait for them, and them for
 * it, after which the conditions are re-checked on the new row: setting a cap
 * folds the shards into responseCount (foldResponseShards) and refuses the
 * shard path ("maxResponses" IS NULL), so the capped path counts from there.
 */
export function* claimResponseSlot(form: PublishedForm, now: Date): RawWork<void> {
  const refused = () => new FormRefused(now);
  if (provider === "postgresql" && form.maxResponses === null) {
    yield* write(sql`
      INSERT INTO "FormResponseShard" ("formId", "shard", "count") VALUES (${form.formId}, ${counterShard()}, 1)
      ON CONFLICT ("formId", "shard") DO UPDATE SET "count" = "FormResponseShard"."count" + 1`);
    // Last yielded (the submission stays one statement), run first in that statement (lib/db/raw.ts claimShared).
    yield* claimShared(sql`SELECT 1 FROM "Form" WHERE ${takesResponses(form, now)} AND "maxResponses" IS NULL FOR SHARE`, refused);
    return;
  }
  // It reads only the Form row: on PostgreSQL it shares the statement of the response's writes (lib/db/raw.ts claim).
  yield* claim(sql`UPDATE "Form" SET "responseCount" = "responseCount" + 1 WHERE ${takesResponses(form, now)}`, refused);
}

/** In a rawTransaction, as its last statement. */
export function* checkFormOpen(form: PublishedForm, now: Date): RawWork<void> {
  const rows = yield* query<{ id: string }>(sql`SELECT "id" FROM "Form" WHERE ${takesResponses(form, now)}`);
  if (rows.length !== 1) throw new FormRefused(now);
}

/** Why the guard refused: the error to answer, or "stale" (retry with a fresh lookup). */
async function refusalOf(form: PublishedForm, at: Date): Promise<AppError | "stale"> {
  forgetPublishedForm(form.slug);
  const row = await db.form.findUnique({
    where: { id: form.formId },
    select: { slug: true, status: true, publishedVersion: true, limitOnePerPerson: true, onePerPersonBy: true, startAt: true, endAt: true, maxResponses: true, responseCount: true },
  });
  if (!row || row.status !== "published" || row.slug !== form.slug || row.publishedVersion === null) return notFound("Form");
  if (row.publishedVersion !== form.version || row.limitOnePerPerson !== form.limitOnePerPerson || row.onePerPersonBy !== form.onePerPersonBy) return "stale";
  switch (availability(row, at)) {
    case "not_open":
      return new AppError("form_not_open", `This form opens for responses at ${row.startAt!.toISOString()}`);
    case "closed":
      return new AppError("form_closed", "This form is closed and no longer takes responses");
    case "full":
      return new AppError("form_full", "This form has reached its maximum number of responses");
    case "open":
      return "stale"; // e.g. a response was deleted meanwhile: try again
  }
}

const ATTEMPTS = 3;

/**
 * Runs `write` against the published form at `slug` (a lookup up to
 * FORM_CACHE_MS old on the first attempt). A FormRefused from it becomes the
 * right 404/409, or a retry with a fresh lookup when ours was stale.
 */
export async function withPublishedForm<T>(slug: string, write: (form: PublishedForm) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const form = await findPublishedForm(slug, { maxAgeMs: attempt === 1 ? FORM_CACHE_MS : 0 });
    if (!form) throw notFound("Form");
    try {
      return await write(form);
    } catch (error) {
      if (!(error instanceof FormRefused)) {
        // A form deleted mid-write fails its foreign keys: that is a 404, not a 500.
        if (!(error instanceof AppError) && !(await db.form.findUnique({ where: { id: form.formId }, select: { id: true } }))) {
          forgetPublishedForm(slug);
          throw notFound("Form");
        }
        throw error;
      }
      const reason = await refusalOf(form, error.at);
      if (reason !== "stale") throw reason;
      if (attempt >= ATTEMPTS) throw new AppError("conflict", "The form changed during the submission; please try again");
    }
  }
}
