/**
 * Unfinished ("partial") responses: started with POST .../responses
 * {partial: true}, updated and finished with PATCH .../responses/:id, resumed
 * after a reload with GET .../responses/current.
 *
 * - Only the respondent who started it may update it (same fl_rid cookie;
 *   or, for a client that keeps no cookie, the same IP + user agent as the
 *   cookie-less request that started it); anyone else gets 404, like a missing id.
 * - PATCH merges its answers over the stored ones (null / "" / [] clears one)
 *   and validates the result against the LATEST published version (stored
 *   answers to questions removed since are dropped): in partial mode while
 *   `partial: true`, fully when finishing. Finishing is where the caps,
 *   startAt/endAt and one-per-person apply (exactly, see submit-guard.ts).
 * - Concurrent PATCHes of one response (fast typing) cannot lose each other's
 *   answers: each merges over the stored row while holding its lock.
 * - A submitted response (finished, or held as suspected spam) cannot change (409 response_finished), except that a
 *   resent finishing PATCH with the same answers answers 200 again: PATCH is
 *   idempotent without an Idempotency-Key.
 */
import { pathColumns, type PathColumns } from "@/lib/analytics/paths";
import { db, provider } from "@/lib/db/client";
import { empty, exec, query, rawTransaction, sql, type RawWork } from "@/lib/db/raw";
import { AppError, notFound } from "@/lib/http/errors";
import { countResponse } from "@/lib/observability/metrics";
import { DRAFT_MAX_AGE_MS } from "@/lib/public/draft-age";
import { findPublishedForm, type PublishedForm } from "@/lib/public/published-form";
import type { Respondent } from "@/lib/public/respondent";
import { spamVerdict, type SpamSignals } from "@/lib/public/spam";
import { enforceSubmissionRateLimit } from "@/lib/rate-limit";
import { isEmptyAnswer, splitMetadata } from "@/lib/schema/answers";
import { isOnePerPersonViolation, onePerPersonColumns } from "./one-per-person";
import { answerRows, finishColumns, responseColumns } from "./store";
import type { PageLanguage } from "@/lib/i18n/languages";
import { alreadyResponded, answeredLanguage, checkAnswers, serializeResponse, type SubmitResult } from "./submit";
import { withPublishedForm, writeAnswersThenGuard } from "./submit-guard";

export interface UpdateResponseInput extends SpamSignals {
  slug: string;
  id: string;
  respondent: Pick<Respondent, "personKey" | "deviceKey" | "ip">;
  answers?: Record<string, unknown>;
  /** true keeps it unfinished; otherwise this update finishes it. */
  partial?: boolean;
  /** The respondent's language now (default: as recorded when it started). */
  language?: string;
}

/** Stored answers and metadata (of questions the form still has) with the patch on top. */
function mergeAnswers(form: PublishedForm, stored: { answers: string; metadata: string }, patch: Record<string, unknown>) {
  const known = new Set(form.schema.questions.map((q) => q.key));
  // No prototype: the patch's keys come from the request.
  const merged: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries({ ...JSON.parse(stored.answers), ...JSON.parse(stored.metadata) })) {
    if (known.has(key)) merged[key] = value;
  }
  for (const [key, value] of Object.entries(patch)) {
    if (isEmptyAnswer(value)) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

interface StoredResponse {
  id: string;
  personKey: string;
  finished: boolean;
  submittedAt: Date | null;
  answers: string;
  metadata: string;
  language: string;
  spamReasons: string | null;
}

/**
 * The respondent's response, locked until the transaction ends, so that
 * concurrent PATCHes of one response merge one after the other and none is
 * lost. SQLite transactions are serialized already; PostgreSQL needs the row lock.
 */
function* lockOwnResponse(formId: string, id: string, who: Pick<Respondent, "personKey" | "deviceKey">): RawWork<StoredResponse | null> {
  const lock = provider === "postgresql" ? sql`FOR UPDATE` : empty;
  const owner = who.deviceKey ? sql`("personKey" = ${who.personKey} OR "deviceKey" = ${who.deviceKey})` : sql`"personKey" = ${who.personKey}`;
  const [row] = yield* query<{ id: string; personKey: string; finished: boolean | number; submittedAt: Date | string | null; answers: string; metadata: string; language: string; spamReasons: string | null }>(sql`
    SELECT "id", "personKey", "finished", "submittedAt", "answers", "metadata", "language", "spamReasons" FROM "Response"
    WHERE "id" = ${id} AND "formId" = ${formId} AND ${owner} ${lock}`);
  if (!row) return null;
  return { ...row, finished: Boolean(row.finished), submittedAt: row.submittedAt === null ? null : new Date(row.submittedAt) };
}

/** Stores the merged answers (and, when finishing, the finish columns) over the response's row. */
function* updateResponseRow(
  id: string,
  columns: ReturnType<typeof finishColumns> & ReturnType<typeof responseColumns> & { versionId: string; updatedAt: Date; score: number | null; ending: string | null; language: string } & PathColumns,
): RawWork<void> {
  const c = columns;
  yield* exec(sql`
    UPDATE "Response" SET "versionId" = ${c.versionId}, "updatedAt" = ${c.updatedAt}, "finished" = ${c.finished},
      "submittedAt" = ${c.submittedAt}, "submittedDay" = ${c.submittedDay}, "onePerPerson" = ${c.onePerPerson}, "onePerDevice" = ${c.onePerDevice},
      "answers" = ${c.answers}, "metadata" = ${c.metadata}, "searchText" = ${c.searchText},
      "score" = ${c.score}, "ending" = ${c.ending}, "language" = ${c.language}, "pathUnanswered" = ${c.pathUnanswered}, "leftAt" = ${c.leftAt},
      "spamReasons" = ${c.spamReasons}
    WHERE "id" = ${id}`);
}

export async function updateResponse(input: UpdateResponseInput): Promise<SubmitResult> {
  await enforceSubmissionRateLimit(input.respondent.ip);
  const finishing = !input.partial;
  return withPublishedForm(input.slug, async (form) => {
    // What the transaction stored, counted once it committed (a resend or dropped spam stores nothing).
    let written: "finished" | "partial" | null = null;
    try {
      const result = await rawTransaction(function* (): RawWork<SubmitResult> {
        written = null;
        const stored = yield* lockOwnResponse(form.formId, input.id, input.respondent);
        if (!stored) throw notFound("Response");
        const verdict = spamVerdict(form.formId, input, { finishing });
        const merged = mergeAnswers(form, stored, input.answers ?? {});
        // Submitted: finished, or held as suspected spam (submittedAt set, not finished).
        if (stored.finished || stored.submittedAt !== null) {
          if (finishing && sameAsStored(form, merged, stored, stored.language as PageLanguage)) return { status: 200, body: { response: serializeResponse(stored.id, stored.submittedAt, stored.spamReasons) } };
          throw new AppError("response_finished", "This response has already been submitted and cannot be changed");
        }
        // A respondent may switch language between requests: the latest one is recorded.
        const language = input.language === undefined ? stored.language : answeredLanguage(form, input.language);
        const { values, score, ending, onPath } = checkAnswers(form, merged, { partial: !finishing, language: language as PageLanguage });
        const now = new Date();
        // Dropped spam (a filled honeypot) gets the usual answer; the response stays as it was.
        if (verdict.kind === "drop") return { status: 200, body: { response: serializeResponse(stored.id, finishing ? now : null) } };
        // Held spam is stored submitted but unfinished (no counters, slot or notifications) for the owner to restore.
        const held = verdict.kind === "hold" ? verdict.reasons : null;

        // Keyed by the person who started it (the cookie it was started with), and this request's device when cookie-less.
        const keys = onePerPersonColumns(form, { personKey: stored.personKey, deviceKey: input.respondent.deviceKey }, values, { demand: finishing });
        const { answers, metadata } = splitMetadata(form.schema, values);
        const path = pathColumns(form.schema, values, finishing, onPath);
        const columns = finishColumns(finishing, now, keys, held);
        yield* updateResponseRow(stored.id, {
          versionId: form.versionId,
          updatedAt: now,
          ...columns,
          ...responseColumns(form.schema, answers, metadata),
          score,
          ending,
          language,
          ...path,
        });
        // Partial answers are not counted; finishing adds them to the analytics counters, in this transaction.
        yield* writeAnswersThenGuard(form, { responseId: stored.id, finished: columns.finished, replace: true, pathUnanswered: path.pathUnanswered }, answerRows(form.schema, answers, metadata), now);
        written = finishing ? "finished" : "partial";
        return { status: 200, body: { response: serializeResponse(stored.id, columns.submittedAt, columns.spamReasons) } };
      });
      if (written) countResponse(written);
      return result;
    } catch (error) {
      if (isOnePerPersonViolation(error)) throw alreadyResponded();
      throw error;
    }
  });
}

/** Whether finishing with `merged` would store exactly what is stored (a resent request). */
function sameAsStored(form: PublishedForm, merged: Record<string, unknown>, stored: { answers: string; metadata: string }, language: PageLanguage): boolean {
  let values;
  try {
    ({ values } = checkAnswers(form, merged, { partial: false, language }));
  } catch {
    return false;
  }
  const { answers, metadata } = splitMetadata(form.schema, values);
  return JSON.stringify(answers) === stored.answers && JSON.stringify(metadata) === stored.metadata;
}

/**
 * The respondent's latest unfinished response to the form, to resume after a
 * reload. Answers are only handed back to a browser that holds its own
 * fl_rid cookie: the IP + user agent fallback is shared by everyone behind one
 * address with the same browser, and must never reveal someone else's answers.
 */
export async function currentResponse({ slug, respondent }: { slug: string; respondent: Pick<Respondent, "personKey" | "setCookie"> }) {
  const form = await findPublishedForm(slug);
  if (!form) throw notFound("Form");
  const row = respondent.setCookie
    ? null
    : await db.response.findFirst({
        // Only ones in progress: not one submitted and held as suspected spam (submittedAt set), and
        // not a partial untouched for a draft's life (a shared device stops showing it).
        where: {
          formId: form.formId,
          personKey: respondent.personKey,
          finished: false,
          submittedAt: null,
          updatedAt: { gte: new Date(Date.now() - DRAFT_MAX_AGE_MS) },
        },
        orderBy: { createdAt: "desc" },
        select: { id: true, answers: true, metadata: true, createdAt: true, updatedAt: true },
      });
  if (!row) throw notFound("Response in progress");
  return {
    response: {
      id: row.id,
      finished: false as const,
      answers: JSON.parse(row.answers) as Record<string, unknown>,
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      startedAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}
