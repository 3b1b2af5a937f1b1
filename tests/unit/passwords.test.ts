/**
 * Password hashes (lib/auth/passwords.ts): scrypt at N=2^PASSWORD_HASH_COST, OWASP's 2^17 unless
 * set, with the cost stored in each hash so that a stored password still signs in after the
 * setting changes.
 */
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, unmatchableHash, verifyPassword } from "@/lib/auth/passwords";

const suiteCost = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  if (suiteCost === undefined) delete process.env.PASSWORD_HASH_COST;
  else process.env.PASSWORD_HASH_COST = suiteCost;
});
const costOf = (hash: string) => Number(hash.split("$")[1]);

describe("password hashes", () => {
  it("cost N=2^17 (128 MiB) when PASSWORD_HASH_COST is unset, and verify", async () => {
    delete process.env.PASSWORD_HASH_COST;
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
  }, 60_000); // two hashes at 128 MiB on a shared 2-core machine

  it("cost 2^PASSWORD_HASH_COST, and one made at another cost still verifies", async () => {
    process.env.PASSWORD_HASH_COST = "11";
    const older = await hashPassword("first password");
    expect(costOf(older)).toBe(2048);
    process.env.PASSWORD_HASH_COST = "10";
    const newer = await hashPassword("second password");
    expect(costOf(newer)).toBe(1024);
    expect(await verifyPassword("first password", older)).toBe(true);
    expect(await verifyPassword("second password", newer)).toBe(true);
    expect(await verifyPassword("second password", older)).toBe(false);
  });

  it("refuse a cost outside 10 to 20, naming the setting", async () => {
    for (const value of ["9", "21", "17.5", "high"]) {
      process.env.PASSWORD_HASH_COST = value;
      await expect(hashPassword("x"), value).rejects.toThrow(/^PASSWORD_HASH_COST must be a whole number from 10 to 20/);
    }
  });

  it("the hash checked for unknown emails costs what a new one does and matches no password", async () => {
    process.env.PASSWORD_HASH_COST = "12";
    expect(costOf(unmatchableHash())).toBe(costOf(await hashPassword("x")));
    expect(await verifyPassword("", unmatchableHash())).toBe(false);
    expect(await verifyPassword("AAAAAAAA", unmatchableHash())).toBe(false);
  });
});
