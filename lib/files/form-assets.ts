/**
 * The images a form shows from its own assets (POST /api/forms/:id/assets):
 * the theme's logo and cover, and what question types name (picture-choice
 * images, QuestionTypeSpec.assets). One home for three rules:
 *
 * - a draft may name only assets of the same form: another form's asset, or
 *   a respondent's upload, would show that file on this form's public page
 *   (and assets are public once their form is) → 400 with each path;
 * - a duplicate's draft names none of the source's (they are its files);
 * - an asset a save or a publish stopped naming is deleted (row and object)
 *   once neither the draft nor the live published version names it. Older
 *   published versions are not kept alive for it: the public page only ever
 *   serves the latest, and responses store labels, never images.
 *
 * A save that names an asset and a release that deletes it can race (two
 * tabs, two owners, the sweep). Both take the form's row first — the save by
 * its conditional UPDATE, the release by reading the form FOR UPDATE
 * (PostgreSQL; SQLite runs one write transaction at a time) — and each decides
 * in that same transaction: the save checks its assets after its UPDATE, the
 * release marks the assets it found unnamed as released (kind
 * RELEASED_ASSET: no longer an asset, so no save can name it and nothing
 * serves it) before deleting them. So either the save comes first and the
 * release sees the draft naming the asset, or the release comes first and the
 * save is refused with a 400, never a draft naming a deleted image.
 */
import { db, provider, type Tx } from "@/lib/db/client";
import { empty, join, query, rawTransaction, sql } from "@/lib/db/raw";
import { AppError } from "@/lib/http/errors";
import { specOf } from "@/lib/question-types";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { Theme } from "@/lib/theme/style";
import { RELEASED_ASSET, removeFiles } from "./lifecycle";

type SchemaWithAssets = { theme?: Theme; questions: readonly FormSchema["questions"][number][] };

const THEME_IMAGES = ["logo", "cover"] as const;

/** Every asset the schema names, with its path in the schema (as a 400 reports it). */
export function formAssetRefs(schema: SchemaWithAssets): { path: string; id: string }[] {
  const refs = THEME_IMAGES.flatMap((field) => (schema.theme?.[field] ? [{ path: `theme.${field}`, id: schema.theme[field] }] : []));
  (schema.questions ?? []).forEach((q, i) => {
    for (const ref of specOf(q).assets?.(q) ?? []) refs.push({ path: `questions.${i}.${ref.path}`, id: ref.id });
  });
  return refs;
}

/** 400 unless every asset the schema names is one of this form's. In a save: after the UPDATE that took the form's row (see above). */
export async function assertFormAssets(formId: string, schema: SchemaWithAssets, client: Pick<Tx, "storedFile"> = db): Promise<void> {
  const named = formAssetRefs(schema);
  if (named.length === 0) return;
  const found = await client.storedFile.findMany({
    where: { formId, kind: "asset", id: { in: [...new Set(named.map((n) => n.id))] } },
    select: { id: true },
  });
  const ours = new Set(found.map((f) => f.id));
  const missing = named.filter((n) => !ours.has(n.id));
  if (missing.length) {
    throw new AppError(
      "validation_failed",
      "The form names an image that is not an asset of this form",
      missing.map((n) => ({ path: n.path, message: "No asset of this form has this id: upload the image with POST /api/forms/:id/assets" })),
    );
  }
}

/** A copied draft without the source form's images (theme and questions): they are its assets, not the copy's. */
export function withoutFormAssets<T extends SchemaWithAssets>(draft: T): T {
  let theme = draft.theme;
  if (theme && THEME_IMAGES.some((f) => theme![f])) {
    const { logo: _logo, logoAlt: _alt, cover: _cover, ...rest } = theme;
    theme = rest;
  }
  const questions = draft.questions.map((q) => specOf(q).withoutAssets?.(q) ?? q);
  return { ...draft, questions, ...(theme ? { theme } : {}) };
}

/** The assets `before` named and `after` does not: what a save or a publish may have freed. */
export function assetsDropped(before: SchemaWithAssets, after: SchemaWithAssets): string[] {
  const kept = new Set(formAssetRefs(after).map((r) => r.id));
  return formAssetRefs(before).map((r) => r.id).filter((id) => !kept.has(id));
}

type Schemas = { draft: string | null; live: string | null };

/** Of `candidates`, those neither schema names (all of them when the form is gone). */
function unnamedIn(schemas: Schemas | null, candidates: readonly string[]): string[] {
  const unique = [...new Set(candidates)];
  if (!schemas) return unique;
  const used = new Set<string>();
  for (const schema of [schemas.draft, schemas.live]) {
    if (schema) for (const ref of formAssetRefs(JSON.parse(schema) as SchemaWithAssets)) used.add(ref.id);
  }
  return unique.filter((id) => !used.has(id));
}

/** PostgreSQL: the form's row stays locked until the release commits (a save waits for it). */
const lockingTheForm = provider === "postgresql" ? sql` FOR UPDATE OF f` : empty;

/**
 * Of `candidates` (ids of this form's assets, from a save, a publish or the
 * sweep), deletes — row and object — those neither the draft nor the live
 * published version names now; all of them when the form is gone. Decided and
 * marked in one transaction with the form's row taken (see the module
 * comment), deleted after it commits. Returns how many went.
 */
export async function releaseUnusedAssets(formId: string, candidates: readonly string[]): Promise<number> {
  if (candidates.length === 0) return 0;
  const released = await rawTransaction(function* () {
    const [form] = yield* query<Schemas>(sql`
      SELECT f."draft", v."schema" AS "live" FROM "Form" f
      LEFT JOIN "FormVersion" v ON v."formId" = f."id" AND v."version" = f."publishedVersion"
      WHERE f."id" = ${formId}${lockingTheForm}`);
    const unnamed = unnamedIn(form ?? null, candidates);
    if (unnamed.length === 0) return [];
    return yield* query<{ id: string; storageKey: string }>(sql`
      UPDATE "StoredFile" SET "kind" = ${RELEASED_ASSET}
      WHERE "formId" = ${formId} AND "kind" = 'asset' AND "id" IN (${join(unnamed.map((id) => sql`${id}`))})
      RETURNING "id", "storageKey"`);
  });
  return removeFiles(released);
}
