/**
 * A theme's images (logo, cover) must be assets of the same form: an id of
 * another form's asset, or of a respondent's upload, would show that file on
 * this form's public page (and assets are public once their form is).
 */
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { Theme } from "./style";

const IMAGE_FIELDS = ["logo", "cover"] as const;

export async function assertThemeAssets(formId: string, theme: Theme | undefined): Promise<void> {
  const named = IMAGE_FIELDS.flatMap((field) => (theme?.[field] ? [{ field, id: theme[field] }] : []));
  if (named.length === 0) return;
  const found = await db.storedFile.findMany({
    where: { formId, kind: "asset", id: { in: named.map((n) => n.id) } },
    select: { id: true },
  });
  const ours = new Set(found.map((f) => f.id));
  const missing = named.filter((n) => !ours.has(n.id));
  if (missing.length) {
    throw new AppError(
      "validation_failed",
      "The theme names an image that is not an asset of this form",
      missing.map((n) => ({ path: `theme.${n.field}`, message: "No asset of this form has this id: upload the image with POST /api/forms/:id/assets" })),
    );
  }
}

/** A copied draft's theme without the source form's images (they are its assets, not the copy's). */
export function withoutThemeImages<T extends { theme?: Theme }>(draft: T): T {
  if (!draft.theme || (!draft.theme.logo && !draft.theme.cover)) return draft;
  const { logo: _logo, logoAlt: _alt, cover: _cover, ...rest } = draft.theme;
  return { ...draft, theme: rest };
}
