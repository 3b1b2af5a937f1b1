/**
 * The respondent API: no authentication; a respondent is known by the fl_rid
 * cookie (a request without one gets a new one, plus IP + user agent for
 * one-per-person), or by an e-mail or hidden value (onePerPersonBy).
 */
import { z } from "zod";
import { credentialsSchema } from "@/lib/auth/users";
import {
  currentResponseResultSchema, publicFormParams, publicFormQuery, publicFormResultSchema, publicResponseParams, publicResponseResultSchema,
  submitResponseBodySchema, updateResponseBodySchema,
} from "@/lib/responses/submit-schemas";
import type { Endpoint } from "./endpoint";

const respondentCookie = { "Set-Cookie": "fl_rid=<random id>; the respondent's identity for one-per-person, views and resuming (set when missing)" };

export const publicEndpoints: Endpoint[] = [
  {
    method: "GET", path: "/api/public/forms/{slug}", tag: "Respondents", auth: "public",
    summary: "Get a published form",
    description:
      "The latest published version as respondents see it (texts in the form's own `language`, with all its `translations`), whether it accepts answers now, and a startToken. " +
      "`respondentLanguage` is the language this request gets (?lang=, else Accept-Language, among the form's languages). Unknown or unpublished slug → 404.",
    params: publicFormParams,
    query: publicFormQuery,
    success: { status: 200, description: "The published form", schema: publicFormResultSchema },
  },
  {
    method: "POST", path: "/api/public/forms/{slug}/views", tag: "Respondents", auth: "public",
    summary: "Record a view",
    description: "Called when the public page opens: one view per person per form (repeats are ignored). Views are the denominator of completionRate. No body, or `{}` (at most 1 KiB).",
    params: publicFormParams,
    success: { status: 204, description: "Recorded", headers: respondentCookie },
    errors: ["invalid_json", "payload_too_large", "unsupported_media_type"],
  },
  {
    method: "POST", path: "/api/public/forms/{slug}/responses", tag: "Respondents", auth: "public",
    summary: "Submit a response (or start a partial one)",
    description:
      "Answers are validated against the published version (required, types, ranges, options). startAt, endAt, maxResponses and " +
      "limitOnePerPerson (per browser, e-mail answer or hidden value: the form's onePerPersonBy) are enforced by the database; with " +
      "onePerPersonBy \"email\" or \"hidden:<key>\" that answer is demanded when finishing (400 naming it). With `partial: true` the response is stored unfinished (finish it with PATCH " +
      "…/responses/{id}). A resent request with the same Idempotency-Key answers the first result instead of storing a second response.",
    params: publicFormParams,
    body: submitResponseBodySchema,
    headers: [{ name: "Idempotency-Key", description: "1–255 visible ASCII characters, unique per form (a UUID): retries return the first result" }],
    success: { status: 201, description: "Stored", schema: publicResponseResultSchema, headers: respondentCookie },
    errors: ["form_not_open", "form_closed", "form_full", "already_responded", "rate_limited", "conflict"],
  },
  {
    method: "PATCH", path: "/api/public/forms/{slug}/responses/{id}", tag: "Respondents", auth: "public",
    summary: "Update or finish a partial response",
    description:
      "Only the respondent who started it (same fl_rid cookie) may. Answers merge over the stored ones; without `partial: true` this " +
      "finishes the response with full validation, and the caps apply then.",
    params: publicResponseParams,
    body: updateResponseBodySchema,
    success: { status: 200, description: "Updated", schema: publicResponseResultSchema, headers: respondentCookie },
    errors: ["form_not_open", "form_closed", "form_full", "already_responded", "response_finished", "rate_limited", "conflict"],
  },
  {
    method: "GET", path: "/api/public/forms/{slug}/responses/current", tag: "Respondents", auth: "public",
    summary: "The respondent's unfinished response",
    description: "To resume after a reload: the partial response of this respondent (fl_rid cookie), or 404 when there is none.",
    params: publicFormParams,
    success: { status: 200, description: "The partial response", schema: currentResponseResultSchema, headers: respondentCookie },
  },
  {
    method: "POST", path: "/api/setup", tag: "Operations", auth: "public",
    summary: "Create the first owner account",
    description: "On a fresh install (or with ALLOW_SIGNUP=true) creates a dashboard account; 403 once an owner exists otherwise.",
    body: credentialsSchema,
    success: { status: 201, description: "The account", schema: z.strictObject({ user: z.strictObject({ id: z.string(), email: z.string() }) }) },
    errors: ["forbidden", "conflict", "rate_limited"],
  },
];
