/**
 * Who a respondent is, for one-per-person, views and resuming a partial
 * response: a first-party cookie holding a random id, set by the public
 * endpoints. Only hashes are stored.
 *
 * A request without the cookie gets a freshly minted id and is keyed by it
 * (`personKey`), with the cookie to send, so the next request of a browser
 * that keeps it is the same person (keyed by IP + user agent instead, its next
 * request, keyed by the cookie, would count as someone else and a second
 * response would pass one-per-person). A client that never keeps cookies would
 * mint a new id every time, so cookie-less requests also carry `deviceKey`
 * (IP + user agent): a "browser" one-per-person form refuses a cookie-less
 * request whose device key already answered, and a cookie-less API client
 * finds its partial response by it. Requests WITH a cookie are never keyed by
 * IP + user agent: behind an office or school NAT, everyone on the same
 * browser build shares it, and would lock each other out.
 */
import { createHash, randomBytes } from "node:crypto";
import { clientIp } from "@/lib/http/client-ip";

export const RESPONDENT_COOKIE = "fl_rid";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export interface Respondent {
  /** sha256 of the cookie id (the one sent, or the one minted for this request). */
  personKey: string;
  /** sha256 of IP + user agent, only when the request came without a cookie. */
  deviceKey: string | null;
  /** Set-Cookie value to send when the request carried no valid cookie. */
  setCookie: string | null;
  ip: string;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

export function readRespondentId(cookieHeader: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${RESPONDENT_COOKIE}=([A-Za-z0-9_-]{22,64})(?:;|$)`).exec(cookieHeader ?? "");
  return match ? match[1] : null;
}

/** The respondent of a request: by cookie when one comes; otherwise by a new cookie id (plus the device key). */
export function identifyRespondent(req: Request): Respondent {
  const ip = clientIp(req.headers);
  const existing = readRespondentId(req.headers.get("cookie"));
  if (existing) return { personKey: hash(`c:${existing}`), deviceKey: null, setCookie: null, ip };
  const minted = randomBytes(16).toString("base64url");
  const secure = new URL(req.url).protocol === "https:" ? "; Secure" : "";
  return {
    personKey: hash(`c:${minted}`),
    deviceKey: hash(`ip:${ip}|ua:${req.headers.get("user-agent") ?? ""}`),
    setCookie: `${RESPONDENT_COOKIE}=${minted}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`,
    ip,
  };
}

/** Set-Cookie that removes the respondent cookie ("Start over": the next person on this browser is someone new). */
export function clearRespondentCookie(req: Request): string {
  const secure = new URL(req.url).protocol === "https:" ? "; Secure" : "";
  return `${RESPONDENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}
