import type { Actor } from "@/lib/workspaces/actor";
import { randomBytes } from "node:crypto";
import { purgeFormFiles } from "@/lib/files/lifecycle";
import { db, type Tx } from "@/lib/db/client";
import { enqueueFormEventTx } from "@/lib/outbox/form-events";
import { storeEmbedOrigins } from "@/lib/embed/origins";
import { isUniqueViolation, retryOnWriteConflict } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { auditEntry, writeAudit } from "@/lib/workspaces/audit";
import { FORM_TITLE_MAX, formSchemaSchema, isAnswerable, type FormSchema, type FormSchemaInput } from "@/lib/schema/form-schema";
import { assertPersonBasis } from "@/lib/responses/one-per-person";
import { findTemplate } from "@/lib/templates/templates";
import { assertFormAssets, assetsDropped, releaseUnusedAssets, withoutFormAssets } from "@/lib/files/form-assets";
import { draftOf, serializeForm, serializeFormListItem, type StoredDraft } from "./serialize";
import { SLUG_MAX, type CreateFormInput, type UpdateFormInput } from "./settings";
import { foldResponseShards, responseShards } from "./response-count";

const EMPTY_DRAFT: StoredDraft = { mode: "classic", questions: [] };

/**
 * The form if it belongs to the workspace. Another workspace's form is "not
 * found", exactly like a missing one, so ids leak nothing about other teams.
 */
export async function getOwnedForm(workspaceId: string, formId: string, tx: Tx = db) {
  const form = await tx.form.findFirst({ where: { id: formId, workspaceId }, include: responseShards });
  if (!form) throw notFound("Form");
  return form;
}

export async function listForms(workspaceId: string) {
  const rows = await db.form.findMany({ where: { workspaceId }, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], include: responseShards });
  return rows.map(serializeFormListItem);
}

export async function createForm(actor: Actor, input: Omit<CreateFormInput, "workspaceId">) {
  let draft = EMPTY_DRAFT;
  if (input.templateId) {
    const template = findTemplate(input.templateId);
    if (!template) throw new AppError("unknown_template", `Unknown templateId "${input.templateId}"; see GET /api/templates`);
    draft = toStoredDraft(formSchemaSchema.parse({ ...template.schema, title: input.title }));
  }
  const id = newId();
  const audit = await auditEntry(actor, "form.created", "form", id);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.form.create({
        data: { id, workspaceId: actor.workspaceId, title: input.title, slug: input.slug ?? null, draft: JSON.stringify(draft) },
      });
      await writeAudit(tx, audit);
      return created;
    });
    return { id: row.id, title: row.title, slug: row.slug, status: row.status };
  } catch (error) {
    throw slugError(error, input.slug);
  }
}

export async function getForm(actor: Actor, formId: string) {
  const row = await getOwnedForm(actor.workspaceId, formId);
  return serializeForm(row, await latestPublished(row.id, row.publishedVersion));
}

export async function updateForm(actor: Actor, formId: string, input: UpdateFormInput) {
  const current = await getOwnedForm(actor.workspaceId, formId);
  const { status, ...settings } = input;
  const startAt = settings.startAt === undefined ? current.startAt : settings.startAt && new Date(settings.startAt);
  const endAt = settings.endAt === undefined ? current.endAt : settings.endAt && new Date(settings.endAt);
  if (startAt && endAt && startAt >= endAt) {
    throw new AppError("validation_failed", "endAt must be after startAt", [{ path: "endAt", message: "Must be after startAt" }]);
  }
  const publishing = status === "published" && current.status !== "published";
  const unpublishing = status === "draft" && current.status === "published";
  const audit = unpublishing ? await auditEntry(actor, "form.unpublished", "form", current.id) : null;
  // Checked before anything is written, so a refused publish changes no setting either.
  if (publishing) assertPublishable(draftOf(current));
  await assertOnePerPerson(current, settings, { publishing, unpublishing });
  if (settings.slug === null && (status ?? current.status) === "published") {
    throw new AppError("validation_failed", "A published form needs a slug", [{ path: "slug", message: "Cannot be cleared while published" }]);
  }
  try {
    await retryOnWriteConflict(() => db.$transaction(async (tx) => {
      await tx.form.update({
        where: { id: current.id },
        data: {
          ...(settings.title !== undefined && { title: settings.title }),
          ...(settings.slug !== undefined && { slug: settings.slug }),
          ...(settings.startAt !== undefined && { startAt }),
          ...(settings.endAt !== undefined && { endAt }),
          ...(settings.maxResponses !== undefined && { maxResponses: settings.maxResponses }),
          ...(settings.limitOnePerPerson !== undefined && { limitOnePerPerson: settings.limitOnePerPerson }),
          ...(settings.onePerPersonBy !== undefined && { onePerPersonBy: settings.onePerPersonBy }),
          ...(settings.allowedEmbedOrigins !== undefined && { allowedEmbedOrigins: storeEmbedOrigins(settings.allowedEmbedOrigins) }),
          // In the same write as the settings, so the form is never published without its slug.
          ...(unpublishing && { status: "draft" }),
        },
      });
      if (settings.maxResponses !== undefined) await foldResponseShards(tx, current.id);
      if (unpublishing) await enqueueFormEventTx(tx, current.id, "form.unpublished", new Date());
      if (audit) await writeAudit(tx, audit);
    }));
  } catch (error) {
    throw slugError(error, settings.slug ?? undefined);
  }
  if (publishing) return publishForm(actor, formId);
  return getForm(actor, formId);
}

/**
 * With the limit on, onePerPersonBy must name a question of the version
 * respondents answer next: the published one while the form stays published,
 * else the draft (which publishing checks again, as the draft may change).
 */
async function assertOnePerPerson(
  current: Awaited<ReturnType<typeof getOwnedForm>>,
  settings: Omit<UpdateFormInput, "status">,
  { publishing, unpublishing }: { publishing: boolean; unpublishing: boolean },
) {
  const limit = settings.limitOnePerPerson ?? current.limitOnePerPerson;
  const by = settings.onePerPersonBy ?? current.onePerPersonBy;
  const changed = settings.limitOnePerPerson !== undefined || settings.onePerPersonBy !== undefined;
  if (!limit || !(changed || publishing)) return;
  const live = current.status === "published" && !unpublishing && !publishing;
  const published = live ? await latestPublished(current.id, current.publishedVersion) : null;
  if (published) assertPersonBasis(JSON.parse(published.schema) as FormSchema, by, "published");
  else assertPersonBasis(draftOf(current), by, "draft");
}

/** Suffix of a duplicate's title; the original title is cut so the suffix always shows. */
const COPY_SUFFIX = " (copy)";

/**
 * A new draft form with the same draft and settings. Like Typeform's and
 * Tally's "Duplicate": no slug (slugs are unique and public), not published,
 * no versions, no responses, no views.
 */
export async function duplicateForm(actor: Actor, formId: string) {
  const source = await getOwnedForm(actor.workspaceId, formId);
  const title = source.title.slice(0, FORM_TITLE_MAX - COPY_SUFFIX.length).trimEnd() + COPY_SUFFIX;
  const id = newId();
  const audit = await auditEntry(actor, "form.created", "form", id);
  const row = await db.$transaction(async (tx) => {
   const created = await tx.form.create({
    data: {
      id,
      workspaceId: actor.workspaceId,
      title,
      slug: null,
      draft: JSON.stringify(withoutFormAssets(JSON.parse(source.draft) as StoredDraft)),
      startAt: source.startAt,
      endAt: source.endAt,
      maxResponses: source.maxResponses,
      limitOnePerPerson: source.limitOnePerPerson,
      onePerPersonBy: source.onePerPersonBy,
      allowedEmbedOrigins: source.allowedEmbedOrigins,
    },
   });
   await writeAudit(tx, audit);
   return created;
  });
  return serializeForm({ ...row, responseShards: [] }, null);
}

export async function deleteForm(actor: Actor, formId: string) {
  const audit = await auditEntry(actor, "form.deleted", "form", formId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.form.deleteMany({ where: { id: formId, workspaceId: actor.workspaceId } });
    if (count === 0) throw notFound("Form");
    await writeAudit(tx, audit);
  });
  // Its files (uploads and assets), from storage too; the sweep retries any left behind.
  await purgeFormFiles(formId);
}

/** Replaces the draft. `version`, when sent, must be the draft's current version. */
export async function saveDraft(actor: Actor, formId: string, input: FormSchemaInput) {
  const current = await getOwnedForm(actor.workspaceId, formId);
  const schema = formSchemaSchema.parse(input);
  const draftVersion = (current.publishedVersion ?? 0) + 1;
  if (schema.version !== undefined && schema.version !== draftVersion) {
    throw new AppError("conflict", `The draft is at version ${draftVersion}, not ${schema.version}: the form was published since you loaded it. Reload it and apply your changes again.`);
  }
  await db.$transaction(async (tx) => {
    // The conditional update makes a publish racing with this save a conflict,
    // not a silently lost edit. It takes the form's row first, so a release of
    // an asset this draft names comes wholly before or after the check below
    // (lib/files/form-assets.ts).
    const { count } = await tx.form.updateMany({
      where: { id: current.id, publishedVersion: current.publishedVersion },
      data: { title: schema.title, draft: JSON.stringify(toStoredDraft(schema)) },
    });
    if (count === 0) throw new AppError("conflict", "The form was published while saving; reload and try again");
    await assertFormAssets(current.id, schema, tx);
  });
  // A logo, cover or picture the previous draft named and nothing names now: gone from storage too.
  // Only what this save stopped naming is looked at: a save that keeps its images costs no query.
  await releaseUnusedAssets(current.id, assetsDropped(draftOf(current), schema));
  return draftOf({ title: schema.title, draft: JSON.stringify(toStoredDraft(schema)), publishedVersion: current.publishedVersion });
}

/**
 * Snapshots the draft as a new immutable published version (respondents only
 * ever see published versions) and assigns a slug from the title if none.
 */
export async function publishForm(actor: Actor, formId: string) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  const version = (form.publishedVersion ?? 0) + 1;
  const schema = { ...draftOf(form), version };
  assertPublishable(schema);
  if (form.limitOnePerPerson) assertPersonBasis(schema, form.onePerPersonBy, "draft");
  // A form respondents already see gets a new version of its schema; a draft form goes live.
  const audit = await auditEntry(actor, form.status === "published" ? "form.schema_published" : "form.published", "form", form.id);
  // The previous version's images stay while it is live; once this one replaces it, those no version names go.
  const previous = await latestPublished(form.id, form.publishedVersion);
  const previousAssets = previous ? assetsDropped(JSON.parse(previous.schema) as FormSchema, schema) : [];
  for (let attempt = 0; ; attempt++) {
    const slug = form.slug ?? (attempt === 0 ? slugify(form.title) : `${slugify(form.title).slice(0, SLUG_MAX - 7)}-${randomSuffix()}`);
    try {
      await db.$transaction(async (tx) => {
        await tx.formVersion.create({ data: { id: newId(), formId: form.id, version, schema: JSON.stringify(schema) } });
        const { count } = await tx.form.updateMany({
          where: { id: form.id, publishedVersion: form.publishedVersion },
          data: { status: "published", slug, publishedVersion: version, publishedAt: new Date() },
        });
        if (count === 0) throw new AppError("conflict", "The form was published concurrently; reload and try again");
        await enqueueFormEventTx(tx, form.id, "form.published", new Date());
        await writeAudit(tx, audit);
      });
      await releaseUnusedAssets(form.id, previousAssets);
      return getForm(actor, formId);
    } catch (error) {
      // A generated slug that someone else holds: try another. A chosen one is kept.
      if (!form.slug && attempt < 5 && isUniqueViolation(error, "slug")) continue;
      if (isUniqueViolation(error, "formId")) throw new AppError("conflict", "The form was published concurrently; reload and try again");
      throw slugError(error, form.slug ?? slug);
    }
  }
}

// A public page with nothing to answer would only collect empty responses.
function assertPublishable(schema: Pick<FormSchema, "questions">) {
  if (!schema.questions.some(isAnswerable)) {
    throw new AppError("validation_failed", "Add at least one question to answer before publishing", [
      { path: "questions", message: "The draft has no question to answer (statements and hidden fields do not count)" },
    ]);
  }
}

/** Stops the public page and submissions; versions and responses stay. */
export async function unpublishForm(actor: Actor, formId: string) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  if (form.status !== "draft") {
    const audit = await auditEntry(actor, "form.unpublished", "form", form.id);
    await db.$transaction(async (tx) => {
      // Conditional, so of two concurrent unpublishes only one announces it (and is logged).
      const { count } = await tx.form.updateMany({ where: { id: form.id, status: "published" }, data: { status: "draft" } });
      if (count === 1) {
        await enqueueFormEventTx(tx, form.id, "form.unpublished", new Date());
        await writeAudit(tx, audit);
      }
    });
  }
  return getForm(actor, formId);
}

async function latestPublished(formId: string, version: number | null) {
  if (version === null) return null;
  return db.formVersion.findUnique({ where: { formId_version: { formId, version } } });
}

function toStoredDraft(schema: FormSchema | ReturnType<typeof formSchemaSchema.parse>): StoredDraft {
  const { title: _title, version: _version, ...rest } = schema;
  return rest;
}

export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX - 7)
    .replace(/-+$/, "");
  return slug || "form";
}

const randomSuffix = () => randomBytes(4).readUInt32BE().toString(36).padStart(6, "0").slice(0, 6);

function slugError(error: unknown, slug: string | undefined) {
  if (isUniqueViolation(error, "slug")) {
    return new AppError("slug_taken", `The slug "${slug}" is already in use`, [{ path: "slug", message: "Already in use" }]);
  }
  return error;
}
