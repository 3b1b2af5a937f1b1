/**
 * Seeding responses for the reading/export/analytics tests: submissions go
 * through the public endpoint (the real write path); dates are then moved in
 * the database, since a test cannot wait for other days.
 */
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { request } from "./api";

const DAY_MS = 86_400_000;

/** A respondent cookie, so each call is its own person. */
export const personCookie = () => `fl_rid=${randomBytes(18).toString("base64url")}`;

/** Submits (or starts, with partial) a response through POST /api/public/forms/:slug/responses; returns its id. */
export async function submit(slug: string, answers: Record<string, unknown>, { partial = false } = {}): Promise<string> {
  const res = await request("POST", `/api/public/forms/${slug}/responses`, partial ? { answers, partial } : { answers }, {
    headers: { cookie: personCookie() },
  });
  if (res.status !== 201) throw new Error(`submit ${res.status}: ${res.text}`);
  return res.body.response.id as string;
}

/** Records a view by a new person. */
export async function view(slug: string) {
  const res = await request("POST", `/api/public/forms/${slug}/views`, undefined, { headers: { cookie: personCookie() } });
  if (res.status !== 204) throw new Error(`view ${res.status}: ${res.text}`);
}

/** Moves a finished response to another instant, keeping submittedAt and submittedDay consistent. */
export async function backdate(responseId: string, at: Date) {
  await db.response.update({ where: { id: responseId }, data: { submittedAt: at, submittedDay: at.toISOString().slice(0, 10) } });
}

/** UTC midnight of today + `days` (negative = past), + `ms`. */
export function utcDay(days: number, ms = 0): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS + ms);
}

export const dayString = (d: Date) => d.toISOString().slice(0, 10);
