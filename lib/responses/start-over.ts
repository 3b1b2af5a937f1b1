/**
 * "Start over" on a shared device: the respondent's unfinished responses to
 * one form go, with their Answer rows, and so do the files this respondent
 * uploaded to the form that no remaining response names. Only what the
 * fl_rid cookie owns is touched: a request without one (the IP + user agent
 * fallback, shared by everyone behind one address) deletes nothing, so no one
 * can discard someone else's answers. A submitted response (finished, or held
 * as suspected spam: submittedAt set) is never deleted here.
 */
import { provider } from "@/lib/db/client";
import { empty, exec, query, rawQuery, rawTransaction, sql } from "@/lib/db/raw";
import { removeFiles } from "@/lib/files/lifecycle";
import { notFound } from "@/lib/http/errors";
import { findPublishedForm } from "@/lib/public/published-form";
import type { Respondent } from "@/lib/public/respondent";

export async function discardCurrentResponse({ slug, respondent }: { slug: string; respondent: Pick<Respondent, "personKey" | "setCookie"> }): Promise<void> {
  const form = await findPublishedForm(slug);
  if (!form) throw notFound("Form");
  if (respondent.setCookie) return; // no cookie came: nothing here is this request's own
  const { formId } = form;
  const who = respondent.personKey;
  await rawTransaction(function* () {
    // Locked (PostgreSQL; SQLite serializes writers), so a partial being finished right now is either finished first and kept, or gone.
    const lock = provider === "postgresql" ? sql`FOR UPDATE` : empty;
    const rows = yield* query<{ id: string }>(sql`
      SELECT "id" FROM "Response"
      WHERE "formId" = ${formId} AND "personKey" = ${who} AND "finished" = FALSE AND "submittedAt" IS NULL ${lock}`);
    for (const { id } of rows) {
      yield* exec(sql`DELETE FROM "Answer" WHERE "responseId" = ${id} AND "formId" = ${formId}`);
      yield* exec(sql`DELETE FROM "Response" WHERE "id" = ${id} AND "finished" = FALSE AND "submittedAt" IS NULL`);
    }
  });
  // After the commit: the respondent's uploads that no response names (never attached, or named by a partial just deleted).
  await removeFiles(await rawQuery<{ id: string; storageKey: string }>(sql`
    SELECT f."id", f."storageKey" FROM "StoredFile" f
    WHERE f."formId" = ${formId} AND f."kind" = 'upload' AND f."personKey" = ${who}
      AND (f."responseId" IS NULL OR NOT EXISTS (SELECT 1 FROM "Response" r WHERE r."id" = f."responseId"))`));
}
