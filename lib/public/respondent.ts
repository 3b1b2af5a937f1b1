/**
 * Who a respondent is, for one-per-person, views and resuming a partial
 * response: a first-party cookie holding a random id, set by the public
 * endpoints. Without the cookie (API clients, cookies blocked) the fallback is
 * a hash of IP + user agent. Only hashes are stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { clientIp } from "@/lib/http/client-ip";

export const RESPONDENT_COOKIE = "fl_rid";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export interface Respondent {
  /** What is stored: sha256 of the cookie id (or of IP + user agent). */
  personKey: string;
  /** Set-Cookie value to send when the request carried no valid cookie. */
  setCookie: string | null;
  ip: string;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

export function readRespondentId(cookieHeader: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${RESPONDENT_COOKIE}=([A-Za-z0-9_-]{22,64})(?:;|$)`).exec(cookieHeader ?? "");
  return match ? match[1] : null;
}

/**
 * The respondent of a request: by cookie when one comes; otherwise by IP +
 * user agent, with a new cookie to send so that the next request is keyed by
 * it. The public page registers a view on open (which issues the cookie), so
 * browsers are keyed by cookie before they submit anything.
 */
export function identifyRespondent(req: Request): Respondent {
  const ip = clientIp(req.headers);
  const existing = readRespondentId(req.headers.get("cookie"));
  if (existing) return { personKey: hash(`c:${existing}`), setCookie: null, ip };
  const secure = new URL(req.url).protocol === "https:" ? "; Secure" : "";
  return {
    personKey: hash(`ip:${ip}|ua:${req.headers.get("user-agent") ?? ""}`),
    setCookie: `${RESPONDENT_COOKIE}=${randomBytes(16).toString("base64url")}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`,
    ip,
  };
}
