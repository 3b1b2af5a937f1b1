/**
 * A form as respondents see it: the latest PUBLISHED version, looked up by
 * slug. Draft edits never reach here until the next publish.
 *
 * Two caches keep the submission hot path to (almost) no reads:
 * - published versions are immutable, so a version's parsed schema and its
 *   compiled answer validators are kept for the life of the process;
 * - the form row behind a slug may be reused for FORM_CACHE_MS by callers that
 *   ask for it (submissions). That is safe because every submission re-checks
 *   the form inside its own transaction (lib/responses/submit-guard.ts): a
 *   stale entry is detected there, dropped, and the submission retried.
 * Unknown slugs are never cached, so a form is reachable as soon as it is published.
 */
import { db } from "@/lib/db/client";
import { responseShards, responseTotal } from "@/lib/forms/response-count";
import { readEmbedOrigins } from "@/lib/embed/origins";
import { notFound } from "@/lib/http/errors";
import { personBasis, type PersonBasis } from "@/lib/responses/one-per-person";
import { hasLogic } from "@/lib/logic";
import { finishSubscribers, type FinishSubscribers } from "@/lib/outbox/subscribers";
import { translatorFor } from "@/lib/i18n/catalogs";
import { formLanguages, pickLanguage } from "@/lib/i18n/negotiate";
import type { PageLanguage } from "@/lib/i18n/languages";
import { answersSchema, type AnswersValidator } from "@/lib/schema/answers";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { Respondent } from "./respondent";
import { hasAnswered } from "./respondent-status";
import { issueStartToken } from "./spam";

export type Availability = "open" | "not_open" | "closed" | "full";

export interface PublishedVersion {
  id: string;
  version: number;
  schema: FormSchema;
  /** Compiled once per version (messages in the form's own language): building zod schemas per request is not free. */
  validators: { full: AnswersValidator; partial: AnswersValidator };
  /** Whether the schema has logic (showIf, jump, scores, endings): finishing then follows the path (lib/responses/submit.ts). */
  logic: boolean;
}

export interface PublishedForm {
  formId: string;
  slug: string;
  versionId: string;
  version: number;
  schema: FormSchema;
  validators: PublishedVersion["validators"];
  logic: boolean;
  startAt: Date | null;
  endAt: Date | null;
  maxResponses: number | null;
  limitOnePerPerson: boolean;
  /** The stored setting, compared by the submission guard to notice a change. */
  onePerPersonBy: string;
  /** What it reads in this version; null when this version lacks the question it names. */
  personBasis: PersonBasis | null;
  responseCount: number;
  /** Form.outboxVersion when looked up; the guard re-checks it (lib/outbox/subscribers.ts). */
  outboxVersion: number;
  /** Whether finishing a response writes outbox rows (webhooks, email notifications), and for which webhooks. */
  onFinish: FinishSubscribers;
  /** Who may frame the public page (lib/embed/origins.ts); null = any site. */
  allowedEmbedOrigins: string[] | null;
}

/** How long a submission may reuse a form row looked up by slug. */
export const FORM_CACHE_MS = 1_000;
const CACHE_MAX_ENTRIES = 1_000;

const versions = new Map<string, PublishedVersion>();
const forms = new Map<string, { form: PublishedForm; expires: number }>();

const formColumns = {
  id: true, slug: true, status: true, publishedVersion: true,
  startAt: true, endAt: true, maxResponses: true, limitOnePerPerson: true, onePerPersonBy: true, responseCount: true,
  outboxVersion: true, allowedEmbedOrigins: true, ...responseShards,
} as const;

function remember<V>(map: Map<string, V>, key: string, value: V) {
  // Maps iterate in insertion order: dropping the first key drops the oldest.
  if (map.size >= CACHE_MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

const compile = (schema: FormSchema, language: PageLanguage) => {
  const t = translatorFor(language);
  return { full: answersSchema(schema, { t }), partial: answersSchema(schema, { partial: true, t }) };
};

/** The validators whose messages are in `language` (one of the form's translations); compiled once per version and language. */
const translatedValidators = new Map<string, PublishedVersion["validators"]>();
export function validatorsFor(form: Pick<PublishedForm, "versionId" | "schema" | "validators">, language: PageLanguage): PublishedVersion["validators"] {
  if (language === (form.schema.language ?? "en")) return form.validators;
  const key = `${form.versionId}:${language}`;
  let validators = translatedValidators.get(key);
  if (!validators) {
    validators = compile(form.schema, language);
    remember(translatedValidators, key, validators);
  }
  return validators;
}

async function publishedVersion(formId: string, version: number): Promise<PublishedVersion | null> {
  const key = `${formId}:${version}`;
  const cached = versions.get(key);
  if (cached) return cached;
  const row = await db.formVersion.findUnique({ where: { formId_version: { formId, version } } });
  if (!row) return null;
  const schema = JSON.parse(row.schema) as FormSchema;
  const entry: PublishedVersion = {
    id: row.id,
    version,
    schema,
    validators: compile(schema, schema.language ?? "en"),
    logic: hasLogic(schema),
  };
  remember(versions, key, entry);
  return entry;
}

/**
 * The published form at `slug`, or null when there is none (unknown or
 * unpublished). `maxAgeMs` > 0 lets a recent lookup be reused (submissions only).
 */
export async function findPublishedForm(slug: string, { maxAgeMs = 0 }: { maxAgeMs?: number } = {}): Promise<PublishedForm | null> {
  // No slug holds U+0000, and PostgreSQL would fail the lookup itself (lib/http/nul.ts).
  if (slug.includes("\u0000")) return null;
  const now = Date.now();
  if (maxAgeMs > 0) {
    const hit = forms.get(slug);
    if (hit && hit.expires > now) return hit.form;
  }
  const row = await db.form.findUnique({ where: { slug }, select: formColumns });
  if (!row || row.status !== "published" || row.publishedVersion === null) {
    forms.delete(slug);
    return null;
  }
  const version = await publishedVersion(row.id, row.publishedVersion);
  if (!version) return null;
  const basis = personBasis(version.schema, row.onePerPersonBy);
  const form: PublishedForm = {
    formId: row.id,
    slug,
    versionId: version.id,
    version: version.version,
    schema: version.schema,
    validators: version.validators,
    logic: version.logic,
    startAt: row.startAt,
    endAt: row.endAt,
    maxResponses: row.maxResponses,
    limitOnePerPerson: row.limitOnePerPerson,
    onePerPersonBy: row.onePerPersonBy,
    personBasis: "problem" in basis ? null : basis,
    responseCount: responseTotal(row),
    outboxVersion: row.outboxVersion,
    onFinish: await finishSubscribers(row.id, row.outboxVersion),
    allowedEmbedOrigins: readEmbedOrigins(row.allowedEmbedOrigins),
  };
  remember(forms, slug, { form, expires: now + Math.min(maxAgeMs || FORM_CACHE_MS, FORM_CACHE_MS) });
  return form;
}

/** Drops a cached lookup (a submission found it stale). */
export function forgetPublishedForm(slug: string) {
  forms.delete(slug);
}

/** Whether submissions are accepted now (one-per-person is checked per respondent). */
export function availability(form: Pick<PublishedForm, "startAt" | "endAt" | "maxResponses" | "responseCount">, now = new Date()): Availability {
  if (form.startAt && now < form.startAt) return "not_open";
  if (form.endAt && now >= form.endAt) return "closed";
  if (form.maxResponses !== null && form.responseCount >= form.maxResponses) return "full";
  return "open";
}

/** What the public page shows instead of the form, if anything. */
export type PublicAvailability = Availability | "already_responded";

/**
 * The published form for the renderer and headless integrators (GET
 * /api/public/forms/:slug): the schema respondents answer, whether it takes
 * responses now (for this respondent, when `who` is given), and a fresh
 * start token for the spam check. Never owner data (no owner, counts or caps).
 */
export async function getPublicForm(slug: string, who?: Pick<Respondent, "personKey" | "deviceKey">, asked: { lang?: string | null; acceptLanguage?: string | null } = {}) {
  const form = await findPublishedForm(slug);
  if (!form) throw notFound("Form");
  let state: PublicAvailability = availability(form);
  if ((state === "open" || state === "full") && who && (await hasAnswered(form, who))) state = "already_responded";
  return serializePublicForm(form, state, asked);
}

/**
 * The texts stay in the form's own language with every translation beside
 * them (not one language applied): a custom front end may switch language
 * without asking again, and `respondentLanguage` says which one this request
 * would get on the hosted page (lib/i18n/negotiate.ts, the same rule).
 */
export function serializePublicForm(form: PublishedForm, state: PublicAvailability, asked: { lang?: string | null; acceptLanguage?: string | null } = {}) {
  const { schema } = form;
  const languages = formLanguages(schema);
  return {
    slug: form.slug,
    version: form.version,
    title: schema.title,
    description: schema.description ?? null,
    mode: schema.mode,
    thankYouMessage: schema.thankYouMessage ?? null,
    questions: schema.questions,
    theme: schema.theme ?? null,
    language: languages[0],
    translations: schema.translations ?? {},
    languages,
    respondentLanguage: pickLanguage(languages, asked.lang, asked.acceptLanguage),
    startAt: form.startAt?.toISOString() ?? null,
    endAt: form.endAt?.toISOString() ?? null,
    availability: state,
    startToken: issueStartToken(form.formId),
  };
}

/**
 * The full validator of the questions on one path: required is enforced only
 * for them, and answers to the others were dropped before it runs. Compiled
 * once per (version, path) and kept while the process lives: a form has few
 * distinct paths in practice, and the cache is capped like the others.
 */
const pathValidators = new Map<string, AnswersValidator>();
export function pathValidator(form: Pick<PublishedForm, "versionId" | "schema">, onPath: readonly boolean[], language: PageLanguage): AnswersValidator {
  const key = `${form.versionId}:${language}:${onPath.map((on) => (on ? 1 : 0)).join("")}`;
  const cached = pathValidators.get(key);
  if (cached) return cached;
  const validator = answersSchema({ questions: form.schema.questions.filter((_, i) => onPath[i]) }, { t: translatorFor(language) });
  remember(pathValidators, key, validator);
  return validator;
}
