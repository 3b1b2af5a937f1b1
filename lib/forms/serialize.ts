import { readEmbedOrigins } from "@/lib/embed/origins";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { OnePerPersonBy } from "./settings";
import { responseTotal } from "./response-count";

/** The stored draft: the schema without its title (the form's own) and version (derived). */
export type StoredDraft = Omit<FormSchema, "title" | "version">;

type FormRow = {
  id: string;
  title: string;
  slug: string | null;
  status: string;
  startAt: Date | null;
  endAt: Date | null;
  maxResponses: number | null;
  limitOnePerPerson: boolean;
  onePerPersonBy: string;
  allowedEmbedOrigins: string | null;
  draft: string;
  responseCount: number;
  responseShards: { count: number }[];
  publishedVersion: number | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type FormStatus = "draft" | "published";

export const publicPath = (slug: string) => `/s/${slug}`;

export function draftOf(row: Pick<FormRow, "title" | "draft" | "publishedVersion">): FormSchema {
  const stored = JSON.parse(row.draft) as StoredDraft;
  return { version: (row.publishedVersion ?? 0) + 1, title: row.title, ...stored };
}

/** The list item of the spec; never the owner id. */
export function serializeFormListItem(row: FormRow) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status as FormStatus,
    responseCount: responseTotal(row),
    publicUrl: row.status === "published" && row.slug ? publicPath(row.slug) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The full form: settings, the draft schema and the latest published schema. */
export function serializeForm(row: FormRow, published: { schema: string; version: number; publishedAt: Date } | null) {
  return {
    ...serializeFormListItem(row),
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
    maxResponses: row.maxResponses,
    limitOnePerPerson: row.limitOnePerPerson,
    onePerPersonBy: row.onePerPersonBy as OnePerPersonBy,
    allowedEmbedOrigins: readEmbedOrigins(row.allowedEmbedOrigins),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    draft: draftOf(row),
    published: published ? { ...(JSON.parse(published.schema) as FormSchema), version: published.version, publishedAt: published.publishedAt.toISOString() } : null,
  };
}
