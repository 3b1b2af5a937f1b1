/**
 * A form as respondents see it: the latest PUBLISHED version, looked up by
 * slug. Draft edits never reach here until the next publish.
 */
import { db } from "@/lib/db/client";
import type { FormSchema } from "@/lib/schema/form-schema";

export type Availability = "open" | "not_open" | "closed" | "full";

export interface PublishedForm {
  formId: string;
  slug: string;
  versionId: string;
  schema: FormSchema;
  startAt: Date | null;
  endAt: Date | null;
  maxResponses: number | null;
  limitOnePerPerson: boolean;
  responseCount: number;
}

/** The published form at `slug`, or null when there is none (unknown or unpublished). */
export async function findPublishedForm(slug: string): Promise<PublishedForm | null> {
  const form = await db.form.findUnique({ where: { slug } });
  if (!form || form.status !== "published" || form.publishedVersion === null) return null;
  const version = await db.formVersion.findUnique({ where: { formId_version: { formId: form.id, version: form.publishedVersion } } });
  if (!version) return null;
  return {
    formId: form.id,
    slug,
    versionId: version.id,
    schema: JSON.parse(version.schema) as FormSchema,
    startAt: form.startAt,
    endAt: form.endAt,
    maxResponses: form.maxResponses,
    limitOnePerPerson: form.limitOnePerPerson,
    responseCount: form.responseCount,
  };
}

/** Whether submissions are accepted now (one-per-person is checked per respondent). */
export function availability(form: Pick<PublishedForm, "startAt" | "endAt" | "maxResponses" | "responseCount">, now = new Date()): Availability {
  if (form.startAt && now < form.startAt) return "not_open";
  if (form.endAt && now >= form.endAt) return "closed";
  if (form.maxResponses !== null && form.responseCount >= form.maxResponses) return "full";
  return "open";
}
