/**
 * Which addresses a webhook may reach (server-side request forgery): only
 * public unicast ones. Refused, for IPv4 and IPv6 (an IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries): unspecified, loopback,
 * private, carrier-grade NAT, link-local, unique-local, site-local,
 * multicast, reserved, IPv4-compatible, documentation and benchmarking ranges, and the
 * translation prefixes (NAT64, 6to4, Teredo) that can carry any IPv4 address.
 *
 * WEBHOOK_ALLOW_PRIVATE_URLS=true lifts the check, for self-hosters whose
 * receivers are on their own network (and tests, whose receiver is on 127.0.0.1).
 */
import dns from "node:dns";
import net from "node:net";
import { switchOn } from "@/lib/settings";

const blocked = new net.BlockList();
for (const [range, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(range, prefix, "ipv4");
for (const [range, prefix] of [
  ["::", 96], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32],
  ["2002::", 16], ["3fff::", 20], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) blocked.addSubnet(range, prefix, "ipv6");

export const privateUrlsAllowed = () => switchOn("WEBHOOK_ALLOW_PRIVATE_URLS");

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), if it is one. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(.+)$/i.exec(address.startsWith("::") ? address.slice(2) : address);
  if (!match && !/^::ffff:/i.test(address)) return null;
  const tail = (match ? match[1] : address.slice(7));
  if (net.isIPv4(tail)) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return !blocked.check(address, "ipv4");
  if (!net.isIPv6(address)) return false;
  const v4 = mappedIpv4(address);
  if (v4) return !blocked.check(v4, "ipv4");
  return !blocked.check(address, "ipv6");
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
  if (addresses.length === 0) throw new RefusedAddress(`${host} does not resolve`);
  if (!privateUrlsAllowed()) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) throw new RefusedAddress(`${host} resolves to ${refused.address}, which is not a public address`);
  }
  return addresses;
}
