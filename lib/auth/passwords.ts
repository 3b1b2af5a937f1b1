import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { setting } from "@/lib/settings";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

// scrypt with N=2^PASSWORD_HASH_COST (default 17, OWASP's minimum), r=8, p=1; the cost is
// stored with the hash so it can be raised later without breaking existing passwords.
const r = 8, p = 1, KEYLEN = 32;
const costN = () => 2 ** setting("PASSWORD_HASH_COST");

export async function hashPassword(password: string): Promise<string> {
  const N = costN();
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEYLEN, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** A hash no password matches, at the current cost: checked for unknown emails, so they cost as much as known ones. */
export const unmatchableHash = () => `scrypt$${costN()}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, rr, pp, salt, hash] = stored.split("$");
  if (algo !== "scrypt") return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n), r: Number(rr), p: Number(pp), maxmem: 256 * Number(n) * Number(rr),
  });
  return timingSafeEqual(actual, expected);
}
