/**
 * Per-form framing policy: which sites may show the public form in a frame
 * (an embed). Stored on the form row as a JSON array; null = any site, the
 * default, as embeds need. It becomes the CSP frame-ancestors of the public
 * form page (lib/http/security-headers.ts frameAncestors), where Formloom's
 * own origin ('self', the builder's Share preview) is always added.
 *
 * An entry is an origin and nothing else: scheme (http or https), host and
 * an optional port, exactly as `new URL(x).origin` writes it — no path, query,
 * user info or trailing slash, so what the owner reads is what the browser
 * compares. The one wildcard is CSP's own: a leading "*." label
 * (https://*.example.com matches every subdomain, not example.com itself).
 */
import { z } from "zod";

export const EMBED_ORIGINS_MAX = 50;
const ORIGIN_MAX = 253 + 20;

/** The canonical origin of `value`, or null when it is no http(s) origin. */
function canonicalOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Letters, digits, dots and dashes (a name, IDNs as punycode) or an IPv6 literal: nothing that
  // could end a CSP source list (";" "," space) or be read as a CSP wildcard.
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  return url.origin;
}

const WILDCARD = /^(https?):\/\/\*\.(.+)$/;

/** Why `value` is not an accepted entry, or null when it is one. */
export function embedOriginProblem(value: string): string | null {
  const wild = WILDCARD.exec(value);
  // "https://*.example.com" is checked as "https://x.example.com" with the label put back.
  const probe = wild ? `${wild[1]}://x.${wild[2]}` : value;
  const origin = canonicalOrigin(probe);
  if (origin === null) return "Use an http(s) origin such as https://example.com";
  if (wild && /^\[|^\d+\.\d+\.\d+\.\d+(:\d+)?$/.test(wild[2])) return "A wildcard needs a domain name after *.";
  if (origin !== probe) {
    const suggestion = wild ? origin.replace("://x.", "://*.") : origin;
    return `Write the origin only (scheme, host and port, no path or trailing slash), e.g. ${suggestion}`;
  }
  return null;
}

export const embedOriginSchema = z
  .string()
  .max(ORIGIN_MAX)
  .superRefine((value, ctx) => {
    const problem = embedOriginProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe('An origin ("https://shop.example.com", "http://localhost:8080") or a subdomain wildcard ("https://*.example.com")');

export const allowedEmbedOriginsSchema = z
  .array(embedOriginSchema)
  .max(EMBED_ORIGINS_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((origin, i) => {
      if (seen.has(origin)) ctx.addIssue({ code: "custom", path: [i], message: `${origin} is listed twice` });
      seen.add(origin);
    });
  })
  .nullable()
  .describe(
    "Sites that may show the public form in a frame (embed.js or an <iframe>): null = any site (the default); " +
      "[] = none but Formloom itself. The dashboard can never be framed.",
  );
export type AllowedEmbedOrigins = z.infer<typeof allowedEmbedOriginsSchema>;

/** The stored column (a JSON array or null) as the API's value. */
export function readEmbedOrigins(stored: string | null): string[] | null {
  if (stored === null) return null;
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === "string") : null;
}

export const storeEmbedOrigins = (list: string[] | null): string | null => (list === null ? null : JSON.stringify(list));
