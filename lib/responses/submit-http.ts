/**
 * HTTP glue of the public respondent endpoints: who the respondent is (and
 * the fl_rid cookie to set), the Idempotency-Key header, and the JSON answer.
 * The rules themselves live in submit.ts / partial.ts / lib/public/*.
 */
import { NextResponse } from "next/server";
import { AppError } from "@/lib/http/errors";
import { clearRespondentCookie, identifyRespondent, type Respondent } from "@/lib/public/respondent";
import { getPublicForm } from "@/lib/public/published-form";
import { readEmptyBody, recordView } from "@/lib/public/views";
import { currentResponse, updateResponse } from "./partial";
import { discardCurrentResponse } from "./start-over";
import { submitResponse } from "./submit";
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, type SubmitResponseBody, type UpdateResponseBody } from "./submit-schemas";

/** Respondents' answers are personal: never cached by anyone in between. */
function respond(status: number, body: unknown, respondent?: Respondent): Response {
  const headers = new Headers({ "cache-control": "no-store" });
  if (respondent?.setCookie) headers.append("set-cookie", respondent.setCookie);
  return body === null ? new Response(null, { status, headers }) : NextResponse.json(body, { status, headers });
}

function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("validation_failed", "The Idempotency-Key header is invalid", [{ path: "headers.Idempotency-Key", message: parsed.error.issues[0].message }]);
  }
  return parsed.data;
}

export async function postResponse(req: Request, slug: string, body: SubmitResponseBody): Promise<Response> {
  const respondent = identifyRespondent(req);
  const result = await submitResponse({ slug, respondent, ...body, idempotencyKey: idempotencyKeyOf(req) });
  return respond(result.status, result.body, respondent);
}

export async function patchResponse(req: Request, slug: string, id: string, body: UpdateResponseBody): Promise<Response> {
  const respondent = identifyRespondent(req);
  const result = await updateResponse({ slug, id, respondent, ...body });
  return respond(result.status, result.body, respondent);
}

export async function getCurrentResponse(req: Request, slug: string): Promise<Response> {
  const respondent = identifyRespondent(req);
  return respond(200, await currentResponse({ slug, respondent }), respondent);
}

/** "Start over": the respondent's unfinished response and files go, and so does the cookie. */
export async function deleteCurrentResponse(req: Request, slug: string): Promise<Response> {
  await readEmptyBody(req);
  await discardCurrentResponse({ slug, respondent: identifyRespondent(req) });
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append("set-cookie", clearRespondentCookie(req));
  return new Response(null, { status: 204, headers });
}

export async function postView(req: Request, slug: string): Promise<Response> {
  await readEmptyBody(req);
  const respondent = identifyRespondent(req);
  await recordView(slug, respondent.personKey);
  return respond(204, null, respondent);
}

/** No cookie is set here: reading the form has no side effects. */
export async function getPublishedForm(req: Request, slug: string, lang?: string): Promise<Response> {
  return respond(200, { form: await getPublicForm(slug, identifyRespondent(req), { lang, acceptLanguage: req.headers.get("accept-language") }) });
}
