import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/webhooks/address-policy";

describe("isPublicAddress", () => {
  it.each([
    "0.0.0.0", "10.1.2.3", "100.64.0.1", "127.0.0.1", "127.255.255.254", "169.254.169.254", "172.16.0.1", "172.31.255.255",
    "192.0.0.8", "192.0.2.1", "192.168.0.1", "198.18.0.1", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250",
    "240.0.0.1", "255.255.255.255",
    "::", "::1", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:a00:1", "::ffff:10.0.0.1", "64:ff9b::a00:1",
    "2001:db8::1", "2002:7f00:1::1", "2001::1", "fc00::1", "fd12:3456::1", "fe80::1", "fec0::1", "ff02::1", "100::1",
    // IPv4-translated, NAT64 (well-known and local-use prefixes) carrying private IPv4 addresses
    "::ffff:0:127.0.0.1", "::ffff:0:169.254.169.254", "::ffff:0:10.0.0.1", "::ffff:0:7f00:1",
    "64:ff9b::127.0.0.1", "64:ff9b::169.254.169.254", "64:ff9b:1::10.0.0.1", "64:ff9b:1:ab::8.8.8.8",
    // outside global unicast (2000::/3), and special ranges inside it
    "4000::1", "8000::1", "5f00::1", "1::1", "::2", "2001:2::1", "3fff::1", "2001:20::1",
  ])("%s is refused", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "::ffff:8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001::1",
    "::ffff:0:8.8.8.8", "64:ff9b::8.8.8.8", "64:ff9b::808:808", "64:ff9b:1::8.8.8.8"])(
    "%s is allowed",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("refuses what is not an IP address", () => {
    expect(isPublicAddress("localhost")).toBe(false);
    expect(isPublicAddress("")).toBe(false);
  });
});
