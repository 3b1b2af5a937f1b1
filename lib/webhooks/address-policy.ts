/**
 * Which addresses a webhook may reach (server-side request forgery): only
 * public unicast ones, as ipaddr.js classifies them. Refused for IPv4:
 * unspecified, loopback, private, carrier-grade NAT, link-local, multicast,
 * broadcast, reserved, documentation and benchmarking ranges and the other
 * special-purpose blocks. For IPv6 only global unicast (2000::/3) outside its
 * special-purpose blocks (documentation, 6to4, Teredo, ORCHID, …) is allowed,
 * except the forms that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96,
 * IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48),
 * which are judged as the IPv4 address they carry.
 *
 * WEBHOOK_ALLOW_PRIVATE_URLS=true lifts the check, for self-hosters whose
 * receivers are on their own network (and tests, whose receiver is on 127.0.0.1).
 */
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { switchOn } from "@/lib/settings";

export const privateUrlsAllowed = () => switchOn("WEBHOOK_ALLOW_PRIVATE_URLS");

const globalUnicast: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse("2000::"), 3];

/** The IPv4 address carried in the last 32 bits of an IPv6 address. */
const lastIpv4 = (v6: ipaddr.IPv6) => new ipaddr.IPv4([v6.parts[6] >> 8, v6.parts[6] & 255, v6.parts[7] >> 8, v6.parts[7] & 255]);

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the
 * translation forms; null when it is not. The local-use NAT64 prefix is read
 * only in its /96 layout (the bits between the prefix and the address zero):
 * another layout cannot be told apart, so it stands for 0.0.0.0 (refused).
 */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return lastIpv4(v6);
  if (range !== "rfc6052") return null;
  const localUse = v6.parts[2] === 1;
  if (localUse && (v6.parts[3] !== 0 || v6.parts[4] !== 0 || v6.parts[5] !== 0)) return new ipaddr.IPv4([0, 0, 0, 0]);
  return lastIpv4(v6);
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!net.isIP(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const v4 = embeddedIpv4(v6);
  if (v4) return v4.range() === "unicast";
  return v6.match(...globalUnicast) && v6.range() === "unicast";
}

export class RefusedAddress extends Error {}

/** The host of a URL as dns.lookup takes it ("[::1]" → "::1"). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Every address `host` resolves to, each checked (all must be allowed: a
 * mixed answer is refused, so no later pick can land on a private one).
 */
export async function resolveAllowed(host: string): Promise<{ address: string; family: number }[]> {
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.promises.lookup(host, { all: true, verbatim: true });
  // The refusal never names the address a name resolved to: that would let
  // any editor map internal DNS names.
  const refusal = () => new RefusedAddress(net.isIP(host) ? `${host} is not a public address` : `${host} does not resolve to a public address`);
  if (addresses.length === 0) throw refusal();
  if (!privateUrlsAllowed() && addresses.some((a) => !isPublicAddress(a.address))) throw refusal();
  return addresses;
}
