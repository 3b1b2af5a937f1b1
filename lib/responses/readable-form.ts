/**
 * The form whose responses an owner reads: ownership first (another owner's
 * form is "not found"), then the questions that shape exports and analytics.
 */
import { db } from "@/lib/db/client";
import { getOwnedForm } from "@/lib/forms/forms";
import { responseTotal } from "@/lib/forms/response-count";
import { hasLogic, type Ending } from "@/lib/logic";
import type { FormSchema, Question } from "@/lib/schema/form-schema";

export interface ReadableForm {
  id: string;
  slug: string | null;
  responseCount: number;
  /** Questions of the latest published version, in form order ([] before the first publish). */
  questions: Question[];
  /**
   * Hidden-question keys of every published version: metadata filters accept
   * any key a response could carry, even one a later version removed.
   */
  hiddenKeys: Set<string>;
  /** Every type each question key had in any published version (analytics counters check they agree). */
  typesByKey: Map<string, Set<Question["type"]>>;
  /** Whether any published version has logic: exports then carry score and ending columns. */
  logic: boolean;
  /** The latest published version's endings, in order (analytics lists them). */
  endings: Ending[];
  /** Ending keys of every published version: the `ending` filter accepts any a response could have reached. */
  endingKeys: Set<string>;
  /** Whether any published version has a question with scores. */
  scored: boolean;
  /** Whether any published version is in another language than English or has translations: exports then carry a language column. */
  multilingual: boolean;
}

export async function getReadableForm(workspaceId: string, formId: string): Promise<ReadableForm> {
  const form = await getOwnedForm(workspaceId, formId);
  const versions = await db.formVersion.findMany({
    where: { formId: form.id },
    orderBy: { version: "desc" },
    select: { schema: true },
  });
  const schemas = versions.map((v) => JSON.parse(v.schema) as FormSchema);
  const hiddenKeys = new Set(schemas.flatMap((s) => s.questions.filter((q) => q.type === "hidden").map((q) => q.key)));
  const typesByKey = new Map<string, Set<Question["type"]>>();
  for (const q of schemas.flatMap((s) => s.questions)) typesByKey.set(q.key, (typesByKey.get(q.key) ?? new Set()).add(q.type));
  return {
    id: form.id,
    slug: form.slug,
    responseCount: responseTotal(form),
    questions: schemas[0]?.questions ?? [],
    hiddenKeys,
    typesByKey,
    logic: schemas.some(hasLogic),
    endings: [...(schemas[0]?.endings ?? [])],
    endingKeys: new Set(schemas.flatMap((s) => (s.endings ?? []).map((e) => e.key))),
    scored: schemas.some((s) => s.questions.some((q) => "scores" in q && q.scores !== undefined)),
    multilingual: schemas.some((s) => (s.language ?? "en") !== "en" || Object.keys(s.translations ?? {}).length > 0),
  };
}
