/**
 * Small reads for the public page (app/s/[slug]) and GET /api/public/forms/:slug:
 * who is looking, and whether they already answered a one-per-person form,
 * so the page can say so instead of letting them fill it in for a 409 at the end.
 */
import { alreadyCounted, onePerPersonColumns, type OnePerPersonForm } from "@/lib/responses/one-per-person";
import { identifyRespondent, type Respondent } from "./respondent";

/** The respondent of a page request (same rules as the public endpoints). */
export function respondentOf(headers: Headers): Respondent {
  return identifyRespondent(new Request("http://formloom.invalid/", { headers }));
}

/**
 * Whether this respondent's finished response already counts against the
 * form's limit, as far as can be told before answering: by browser, or by a
 * hidden value already in the link (`values`); an e-mail is only known once typed.
 */
export async function hasAnswered(form: OnePerPersonForm, who: Pick<Respondent, "personKey" | "deviceKey">, values: Record<string, string> = {}): Promise<boolean> {
  if (!form.limitOnePerPerson || !form.personBasis) return false;
  return alreadyCounted(form.formId, onePerPersonColumns(form, who, values, { demand: false }));
}
