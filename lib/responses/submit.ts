/**
 * Public submission: a respondent's answers to a published form become a
 * stored response, all of it in ONE transaction (Response row, Answer rows,
 * the analytics counters, the form's counter), so a failure never leaves half
 * a record. The rate limit and that transaction go straight to the driver
 * (lib/db/raw.ts): they are the hot path.
 *
 * Called by POST /api/public/forms/:slug/responses and by the public page's
 * no-JavaScript form post; both get the same rules:
 * per-IP rate limit → published form → Idempotency-Key replay → spam check →
 * answer validation → one transaction whose last statement is the guard
 * (lib/responses/submit-guard.ts) that enforces startAt/endAt/maxResponses
 * exactly; one-per-person is the unique index (formId, onePerPerson), and
 * for cookie-less clients of "browser" forms (formId, onePerDevice).
 */
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { rawTransaction } from "@/lib/db/raw";
import { AppError, type ErrorDetail } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { countResponse } from "@/lib/observability/metrics";
import { pathColumns } from "@/lib/analytics/paths";
import { computePath } from "@/lib/logic";
import { formLanguages } from "@/lib/i18n/negotiate";
import type { PageLanguage } from "@/lib/i18n/languages";
import { pathValidator, validatorsFor, type PublishedForm } from "@/lib/public/published-form";
import type { Respondent } from "@/lib/public/respondent";
import { spamVerdict, type SpamSignals } from "@/lib/public/spam";
import { spamState } from "./spam-state";
import { enforceSubmissionRateLimit } from "@/lib/rate-limit";
import { splitMetadata, type Answers, type AnswersValidator } from "@/lib/schema/answers";
import { alreadyCounted, isOnePerPersonViolation, onePerPersonColumns } from "./one-per-person";
import { answerRows, finishColumns, insertResponseRow, responseColumns } from "./store";
import { FormRefused, withPublishedForm, writeAnswersThenGuard } from "./submit-guard";
import type { PublicResponse } from "./submit-schemas";

export interface SubmitResponseInput extends SpamSignals {
  slug: string;
  respondent: Pick<Respondent, "personKey" | "deviceKey" | "ip">;
  /** Question key → value, as sent (validated here against the published version). */
  answers: Record<string, unknown>;
  /** true: start an unfinished response (finish it with updateResponse). */
  partial?: boolean;
  /** The client's Idempotency-Key (already checked by idempotencyKeySchema), if any. */
  idempotencyKey?: string | null;
  /** The language the respondent answers in (default: the form's own); recorded with the response. */
  language?: string;
}

export interface SubmitResult {
  status: 200 | 201;
  body: { response: PublicResponse };
}

/**
 * The language a submission is in: one of the form's (its own, or one it is
 * translated into), else a 400 on `language`. Absent: the form's own.
 */
export function answeredLanguage(form: Pick<PublishedForm, "schema">, requested: string | undefined): PageLanguage {
  const languages = formLanguages(form.schema);
  if (requested === undefined) return languages[0];
  const found = languages.find((l) => l === requested);
  if (!found) throw new AppError("validation_failed", "This form is not available in that language", [{ path: "language", message: `Use one of: ${languages.join(", ")}` }]);
  return found;
}

export const alreadyResponded = () => new AppError("already_responded", "You have already responded to this form");

/** Answers checked by one validator; 400 with one detail per `answers.<key>`. */
function parseAnswers(validator: AnswersValidator, input: Record<string, unknown>): Answers {
  const result = validator.safeParse(input);
  if (result.success) return result.data;
  const details = new Map<string, ErrorDetail>();
  for (const issue of result.error.issues) {
    // Unknown keys of the answers object are unknown questions; inside an answer (a matrix) unknown rows.
    const topLevel = issue.code === "unrecognized_keys" && issue.path.length === 0;
    const keys = topLevel ? issue.keys : [String(issue.path[0] ?? "")];
    const message = topLevel ? "This form has no such question" : issue.code === "unrecognized_keys" ? `No such row: ${issue.keys.join(", ")}` : issue.message;
    for (const key of keys) {
      const path = key ? `answers.${key}` : "answers";
      if (!details.has(path)) details.set(path, { path, message });
    }
  }
  throw new AppError("validation_failed", "Some answers are missing or invalid", [...details.values()]);
}

export interface CheckedAnswers {
  values: Answers;
  /** Computed here from the path, never taken from the client; null: unfinished, or the form has no scores. */
  score: number | null;
  /** The ending reached; null: the default ending (or unfinished). */
  ending: string | null;
  /** The path (schema order) when the server computed it (finishing a form with logic); null otherwise. */
  onPath: readonly boolean[] | null;
}

/**
 * Answers checked against the published version. Unfinished: every given
 * value is checked, nothing is required. Finishing a form with logic: the
 * path is computed once from the answers (lib/logic), answers to questions
 * off the path are dropped (never stored, counted or exported), required is
 * enforced for the questions on it, and the score and ending come from it.
 */
export function checkAnswers(form: PublishedForm, input: Record<string, unknown>, { partial, language }: { partial: boolean; language: PageLanguage }): CheckedAnswers {
  const validators = validatorsFor(form, language);
  if (partial) return { values: parseAnswers(validators.partial, input), score: null, ending: null, onPath: null };
  if (!form.logic) return { values: parseAnswers(validators.full, input), score: null, ending: null, onPath: null };
  const path = computePath(form.schema, input);
  const onPath = new Map(form.schema.questions.map((q, i) => [q.key, path.onPath[i]]));
  // Keys that are no question stay, so they are still refused as unknown.
  const kept = Object.fromEntries(Object.entries(input).filter(([key]) => onPath.get(key) !== false));
  return { values: parseAnswers(pathValidator(form, path.onPath, language), kept), score: path.score, ending: path.ending, onPath: path.onPath };
}

/** `spamReasons`: the stored column (null: not held). A held response reads as submitted, with `spam.suspected`. */
export const serializeResponse = (id: string, submittedAt: Date | null, spamReasons: string | null = null): PublicResponse => ({
  id,
  submittedAt: submittedAt?.toISOString() ?? null,
  finished: submittedAt !== null,
  spam: spamState(spamReasons),
});

/**
 * The first result again, for a resent Idempotency-Key. A response created
 * finished has submittedAt = createdAt (one instant); one created unfinished
 * was answered `finished: false` then, whatever happened to it since.
 */
async function replayIdempotent(formId: string, idempotencyKey: string): Promise<SubmitResult | null> {
  const row = await db.response.findUnique({
    where: { formId_idempotencyKey: { formId, idempotencyKey } },
    select: { id: true, createdAt: true, submittedAt: true, spamReasons: true },
  });
  if (!row) return null;
  const createdFinished = row.submittedAt !== null && row.submittedAt.getTime() === row.createdAt.getTime();
  return { status: 201, body: { response: serializeResponse(row.id, createdFinished ? row.submittedAt : null, createdFinished ? row.spamReasons : null) } };
}

/** Creates a response (finished, or unfinished with `partial`). See the module comment. */
export async function submitResponse(input: SubmitResponseInput): Promise<SubmitResult> {
  await enforceSubmissionRateLimit(input.respondent.ip);
  const finishing = !input.partial;
  const idempotencyKey = input.idempotencyKey || null;
  return withPublishedForm(input.slug, async (form) => {
    if (idempotencyKey) {
      const earlier = await replayIdempotent(form.formId, idempotencyKey);
      if (earlier) return earlier;
    }
    const verdict = spamVerdict(form.formId, input, { finishing });
    const language = answeredLanguage(form, input.language);
    const { values, score, ending, onPath } = checkAnswers(form, input.answers, { partial: !finishing, language });
    const now = new Date();
    // Dropped spam (a filled honeypot) gets the usual answer and leaves no trace.
    if (verdict.kind === "drop") return { status: 201, body: { response: serializeResponse(newId(now.getTime()), finishing ? now : null) } };
    // Held spam is stored unfinished (no counters, slot or notifications) for the owner to restore.
    const held = verdict.kind === "hold" ? verdict.reasons : null;

    const { personKey, deviceKey } = input.respondent;
    // A partial response may not have the e-mail (or hidden value) yet: its keys are then null.
    const keys = onePerPersonColumns(form, input.respondent, values, { demand: finishing });
    // Exactness is at finishing (unique index); this only spares someone who
    // already answered from filling in a response that can never be sent.
    if (!finishing && (await alreadyCounted(form.formId, keys))) throw alreadyResponded();
    const { answers, metadata } = splitMetadata(form.schema, values);
    const id = newId(now.getTime());
    const response = {
      id,
      formId: form.formId,
      versionId: form.versionId,
      personKey,
      deviceKey,
      idempotencyKey,
      createdAt: now,
      updatedAt: now,
      ...finishColumns(finishing, now, keys, held),
      ...responseColumns(form.schema, answers, metadata),
      score,
      ending,
      language,
      ...pathColumns(form.schema, values, finishing, onPath),
    };
    const rows = answerRows(form.schema, answers, metadata);
    try {
      await rawTransaction(function* () {
        yield* insertResponseRow(response);
        yield* writeAnswersThenGuard(form, { responseId: id, finished: response.finished, replace: false, pathUnanswered: response.pathUnanswered }, rows, now);
      });
    } catch (error) {
      // A concurrent request with the same key won the unique index: answer what it got. (On
      // PostgreSQL a refused slot stops the statement before its insert meets that index: a form
      // that request filled refuses this one first.)
      if (idempotencyKey && (isUniqueViolation(error, "idempotencyKey") || error instanceof FormRefused)) {
        const earlier = await replayIdempotent(form.formId, idempotencyKey);
        if (earlier) return earlier;
      }
      if (isOnePerPersonViolation(error)) throw alreadyResponded();
      throw error;
    }
    countResponse(finishing ? "finished" : "partial");
    return { status: 201, body: { response: serializeResponse(id, response.submittedAt, response.spamReasons) } };
  });
}
