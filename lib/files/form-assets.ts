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
 */
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { specOf } from "@/lib/question-types";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { Theme } from "@/lib/theme/style";
import { purgeAssets } from "./lifecycle";

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

export async function assertFormAssets(formId: string, schema: SchemaWithAssets): Promise<void> {
  const named = formAssetRefs(schema);
  if (named.length === 0) return;
  const found = await db.storedFile.findMany({
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

/**
 * Of `candidates` (ids of this form's assets), those neither the draft nor the
 * live published version names now; all of them when the form is gone.
 */
export async function unnamedAssets(formId: string, candidates: readonly string[]): Promise<string[]> {
  const form = await db.form.findUnique({ where: { id: formId }, select: { draft: true, publishedVersion: true } });
  if (!form) return [...new Set(candidates)];
  const live = form.publishedVersion === null ? null : await db.formVersion.findUnique({ where: { formId_version: { formId, version: form.publishedVersion } }, select: { schema: true } });
  const used = new Set<string>();
  for (const schema of [form.draft, live?.schema]) {
    if (schema) for (const ref of formAssetRefs(JSON.parse(schema) as SchemaWithAssets)) used.add(ref.id);
  }
  return [...new Set(candidates)].filter((id) => !used.has(id));
}

/**
 * After a save or a publish: of `candidates` (what the form named before it),
 * deletes the assets neither the draft nor the live published version names
 * now. Read after the write, so a concurrent save that names one again keeps it
 * unless it lands in the moment between this read and the delete.
 */
export async function releaseUnusedAssets(formId: string, candidates: readonly string[]): Promise<void> {
  if (candidates.length === 0) return;
  const unused = await unnamedAssets(formId, candidates);
  if (unused.length) await purgeAssets(formId, unused);
}
