/**
 * The respondent's IP address, for per-IP rate limits and the anonymous
 * one-per-person fallback.
 *
 * scripts/serve.mjs stamps every request with the socket's peer address in
 * `x-formloom-peer`. X-Forwarded-For is believed only for as many hops as
 * TRUSTED_PROXY_HOPS says proxies sit in front of us: with N trusted proxies,
 * the client is the N-th address from the right of [...X-Forwarded-For, peer].
 */
import { setting } from "@/lib/settings";

export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  return setting("TRUSTED_PROXY_HOPS", env);
}

export function clientIp(headers: Headers, hops = trustedProxyHops()): string {
  const peer = headers.get("x-formloom-peer") || "unknown";
  if (hops === 0) return normalize(peer);
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return normalize(chain[Math.max(0, chain.length - 1 - hops)]);
}

// "::ffff:1.2.3.4" and "1.2.3.4" are the same client.
const normalize = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
