/**
 * What "one person" means for a form with limitOnePerPerson, and the key a
 * finished response stores in the unique index (formId, onePerPerson):
 *
 * - "browser": the fl_rid cookie (lib/public/respondent.ts). A request without
 *   one also fills onePerDevice (IP + user agent, its own unique index), so a
 *   client that never keeps cookies answers once per address and browser.
 * - "email": the answer to the form's FIRST email question, trimmed and
 *   lowercased (the address's domain is case-insensitive, and in practice so
 *   is its local part).
 * - "hidden:<key>": the value of that hidden field, as sent (trimmed): an
 *   invite id in the link, one response per invite.
 *
 * Values are stored as a SHA-256 of form, kind and value: the index never
 * holds an address, and equal addresses on two forms give unrelated keys.
 * With "email" or "hidden:<key>" the value is demanded when a response is
 * finished (400 naming the field), since without it the form cannot tell
 * people apart.
 */
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { HIDDEN_BASIS } from "@/lib/forms/settings";
import { AppError } from "@/lib/http/errors";
import type { Respondent } from "@/lib/public/respondent";
import type { FormSchema } from "@/lib/schema/form-schema";


/** What identifies a person: the browser, or the answer to one question of the published version. */
export type PersonBasis = { kind: "browser" } | { kind: "email" | "hidden"; key: string };

/** The basis `by` names in `schema`, or a message saying what the schema lacks. */
export function personBasis(schema: Pick<FormSchema, "questions">, by: string): PersonBasis | { problem: string } {
  if (by === "browser") return { kind: "browser" };
  if (by === "email") {
    const question = schema.questions.find((q) => q.type === "email");
    return question ? { kind: "email", key: question.key } : { problem: 'One response per e-mail needs an "email" question in the form' };
  }
  const hidden = HIDDEN_BASIS.exec(by);
  if (!hidden) return { problem: `Unknown onePerPersonBy "${by}"` };
  const question = schema.questions.find((q) => q.key === hidden[1]);
  return question?.type === "hidden" ? { kind: "hidden", key: question.key } : { problem: `The form has no hidden field "${hidden[1]}"` };
}

/** 400 at PATCH / publish when the limit is on and `schema` lacks what `by` reads. */
export function assertPersonBasis(schema: Pick<FormSchema, "questions">, by: string, which: "draft" | "published") {
  const basis = personBasis(schema, by);
  if ("problem" in basis) {
    throw new AppError("validation_failed", `onePerPersonBy does not fit the ${which} form: ${basis.problem}`, [{ path: "onePerPersonBy", message: basis.problem }]);
  }
}

const personHash = (formId: string, kind: string, value: string) => createHash("sha256").update(`${formId}\u0000${kind}\u0000${value}`).digest("hex");

/** The value the basis reads from validated answers (hidden values included), normalised; null when not given. */
function basisValue(basis: Exclude<PersonBasis, { kind: "browser" }>, values: Record<string, unknown>): string | null {
  const raw = values[basis.key];
  if (typeof raw !== "string" || raw.trim() === "") return null;
  return basis.kind === "email" ? raw.trim().toLowerCase() : raw.trim();
}

export interface OnePerPersonColumns {
  onePerPerson: string | null;
  onePerDevice: string | null;
}

const NONE: OnePerPersonColumns = { onePerPerson: null, onePerDevice: null };

export interface OnePerPersonForm {
  formId: string;
  limitOnePerPerson: boolean;
  /** null: the setting names a question this published version lacks (possible only in a race with a publish). */
  personBasis: PersonBasis | null;
}

/**
 * The one-per-person columns of a response being finished, or, with
 * `{ demand: false }` (a partial response), of the answers so far: null keys
 * where the value is not given yet.
 */
export function onePerPersonColumns(
  form: OnePerPersonForm,
  who: Pick<Respondent, "personKey" | "deviceKey">,
  values: Record<string, unknown>,
  { demand }: { demand: boolean },
): OnePerPersonColumns {
  if (!form.limitOnePerPerson) return NONE;
  const basis = form.personBasis;
  if (!basis) throw new AppError("conflict", "This form's one-response-per-person setting does not match its questions; please try again later");
  if (basis.kind === "browser") return { onePerPerson: who.personKey, onePerDevice: who.deviceKey };
  const value = basisValue(basis, values);
  if (value === null) {
    if (!demand) return NONE;
    const message = basis.kind === "email" ? "Enter your email address: this form takes one response per address" : "This link is incomplete: open the form from the link you were given";
    throw new AppError("validation_failed", "Some answers are missing or invalid", [{ path: `answers.${basis.key}`, message }]);
  }
  return { onePerPerson: personHash(form.formId, basis.kind, value), onePerDevice: null };
}

/**
 * Whether a finished response already holds one of these keys. Only a
 * courtesy before the write (the public page's notice, starting a partial
 * response): the unique indexes decide, at finishing.
 */
export async function alreadyCounted(formId: string, keys: OnePerPersonColumns): Promise<boolean> {
  const or = [
    ...(keys.onePerPerson ? [{ onePerPerson: keys.onePerPerson }] : []),
    ...(keys.onePerDevice ? [{ onePerDevice: keys.onePerDevice }] : []),
  ];
  if (or.length === 0) return false;
  return (await db.response.findFirst({ where: { formId, OR: or }, select: { id: true } })) !== null;
}

/** Whether an error is one of the one-per-person unique indexes refusing a second response. */
export const isOnePerPersonViolation = (error: unknown) => isUniqueViolation(error, "onePerPerson") || isUniqueViolation(error, "onePerDevice");
