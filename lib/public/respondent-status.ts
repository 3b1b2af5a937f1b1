/**
 * Small reads for the public page (app/s/[slug]): who is looking at it, and
 * whether they already answered a one-per-person form, so the page can say so
 * instead of letting them fill it in for a 409 at the end.
 */
import { db } from "@/lib/db/client";
import { identifyRespondent } from "./respondent";

/** The respondent key of a page request (same rules as the public endpoints). */
export function personKeyOf(headers: Headers): string {
  return identifyRespondent(new Request("http://formloom.invalid/", { headers })).personKey;
}

/** Whether this person's finished response counts against the form's one-per-person limit. */
export async function hasAnswered(formId: string, personKey: string): Promise<boolean> {
  // onePerPerson is set (= personKey) only on finished responses of one-per-person forms.
  const found = await db.response.findFirst({ where: { formId, onePerPerson: personKey }, select: { id: true } });
  return found !== null;
}
