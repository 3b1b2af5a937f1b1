/**
 * Attaching uploads to the response that names them, inside the response's
 * own write (lib/responses/submit-guard.ts writeAnswersThenGuard), so every
 * way a response is written (the API's POST, the partial or finishing PATCH,
 * the no-JavaScript post) checks the same thing and a refusal rolls the whole
 * write back.
 *
 * Each id must be an upload for this form and this question, by the
 * respondent who owns the response (its personKey, or for a cookie-less
 * client its deviceKey), not attached to another response. One conditional
 * UPDATE per question: the number of rows it changed is the check.
 * Partial responses attach too, so their files are kept while they can be
 * finished; a later write that no longer names a file detaches it (it is an
 * orphan again, swept with the others: ./sweep.ts).
 */
import { empty, exec, join, sql, type RawWork } from "@/lib/db/raw";
import { AppError } from "@/lib/http/errors";
import { specOf } from "@/lib/question-types";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { AnswerValueRow } from "@/lib/responses/store";

/** The keys of the questions whose answers are file ids. */
export const fileQuestionKeys = (schema: Pick<FormSchema, "questions">) =>
  new Set(schema.questions.filter((q) => specOf(q).fileAnswer).map((q) => q.key));

export function* attachFiles(
  form: { formId: string; schema: Pick<FormSchema, "questions"> },
  target: { responseId: string; replace: boolean },
  rows: readonly AnswerValueRow[],
): RawWork<void> {
  const keys = fileQuestionKeys(form.schema);
  if (keys.size === 0) return;
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    if (keys.has(row.questionKey) && row.valueText) byKey.set(row.questionKey, [...(byKey.get(row.questionKey) ?? []), row.valueText]);
  }
  const named = [...byKey.values()].flat();
  if (target.replace) {
    const kept = named.length ? sql` AND "id" NOT IN (${join(named.map((id) => sql`${id}`))})` : empty;
    yield* exec(sql`UPDATE "StoredFile" SET "responseId" = NULL WHERE "responseId" = ${target.responseId} AND "kind" = 'upload'${kept}`);
  }
  const r = target.responseId;
  for (const [key, ids] of byKey) {
    const changed = yield* exec(sql`
      UPDATE "StoredFile" SET "responseId" = ${r}
      WHERE "kind" = 'upload' AND "formId" = ${form.formId} AND "questionKey" = ${key}
        AND "id" IN (${join(ids.map((id) => sql`${id}`))})
        AND ("responseId" IS NULL OR "responseId" = ${r})
        AND ("personKey" = (SELECT "personKey" FROM "Response" WHERE "id" = ${r})
          OR ("deviceKey" IS NOT NULL AND "deviceKey" = (SELECT "deviceKey" FROM "Response" WHERE "id" = ${r})))`);
    if (changed !== ids.length) {
      const message = "A file is unknown, was uploaded for another question or by someone else, or is attached to another response";
      throw new AppError("validation_failed", "Some answers are missing or invalid", [{ path: `answers.${key}`, message }]);
    }
  }
}
