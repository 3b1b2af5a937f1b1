/**
 * Shared by the public-*.test.ts files: respondents (a browser with its own
 * fl_rid cookie, or a cookie-less API client keyed by IP + user agent), a form
 * with every question type, and reading what was stored straight from the
 * suite's database.
 */
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { responseShards, responseTotal } from "@/lib/forms/response-count";
import { request, type ApiResult } from "../helpers/api";

export interface Respondent {
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<ApiResult<T>>;
  cookie: string | null;
}

/** A browser holding its own fl_rid cookie (a new person), or none: keyed by IP + `userAgent`. */
export function respondent({ cookie = true, userAgent = "vitest-respondent" }: { cookie?: boolean; userAgent?: string } = {}): Respondent {
  const id = cookie ? randomBytes(16).toString("base64url") : null;
  const base: Record<string, string> = { "user-agent": userAgent, ...(id ? { cookie: `fl_rid=${id}` } : {}) };
  return {
    cookie: id,
    post: (path, body, headers = {}) => request("POST", path, body, { headers: { ...base, ...headers } }),
    patch: (path, body, headers = {}) => request("PATCH", path, body, { headers: { ...base, ...headers } }),
    get: (path, headers = {}) => request("GET", path, undefined, { headers: { ...base, ...headers } }),
  };
}

export const responsesPath = (slug: string) => `/api/public/forms/${slug}/responses`;

/** One question of every type (statement and hidden included). */
export const everyTypeSchema = {
  title: "Every type",
  description: "All the question types",
  mode: "classic",
  thankYouMessage: "Thanks!",
  questions: [
    { key: "name", type: "short-text", title: "Your name", required: true, maxLength: 40 },
    { key: "bio", type: "long-text", title: "About you" },
    { key: "email", type: "email", title: "Email" },
    { key: "age", type: "number", title: "Age", min: 0, max: 130 },
    { key: "site", type: "url", title: "Website" },
    { key: "phone", type: "phone", title: "Phone" },
    { key: "color", type: "single-choice", title: "Color", options: ["Red", "Green", "Blue"], required: true },
    { key: "toppings", type: "multiple-choice", title: "Toppings", options: ["Cheese", "Ham", "Olives", "Onion"], minSelections: 2, maxSelections: 3 },
    { key: "country", type: "dropdown", title: "Country", options: ["France", "Japan", "Peru"] },
    { key: "stars", type: "rating", title: "Stars", scaleMin: 1, scaleMax: 5 },
    { key: "nps", type: "nps", title: "Recommend?" },
    { key: "agree", type: "yes-no", title: "Agree?" },
    { key: "when", type: "date", title: "When", min: "2020-01-01", max: "2030-12-31" },
    { key: "intro", type: "statement", title: "Just text" },
    { key: "ref", type: "hidden" },
  ],
};

export const everyTypeAnswers = {
  name: "  Ada Lovelace ",
  bio: "Wrote the first program",
  email: "ada@example.com",
  age: 36,
  site: "https://example.com/ada",
  phone: "+44 20 7946 0958",
  color: "Green",
  toppings: ["Cheese", "Olives"],
  country: "Japan",
  stars: 4,
  nps: 9,
  agree: true,
  when: "2024-02-29",
  ref: "newsletter",
};

/** What the database holds for a form. */
export async function stored(formId: string) {
  const [responses, answers, form, views, viewCount] = await Promise.all([
    db.response.findMany({ where: { formId }, orderBy: { createdAt: "asc" } }),
    db.answer.findMany({ where: { formId } }),
    db.form.findUniqueOrThrow({ where: { id: formId }, select: { responseCount: true, ...responseShards } }),
    db.formView.count({ where: { formId } }),
    db.formViewCount.findUnique({ where: { formId } }),
  ]);
  // viewCount: the form's view counter (0 without a row), which must equal views.
  // responseCount: the form's total (its column plus its shards on PostgreSQL, lib/forms/response-count.ts).
  return { responses, answers, responseCount: responseTotal(form), views, viewCount: viewCount?.count ?? 0 };
}
