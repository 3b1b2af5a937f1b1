import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lowercase

// Random bytes are drawn 4 KiB at a time: a submission makes one id per
// answer row, and a crypto call per id showed up in the submission profile.
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

/**
 * A 26-character, time-ordered id (ULID layout: 48-bit milliseconds + 80
 * random bits), so ids sort by creation and say nothing about other rows.
 */
export function newId(now = Date.now()): string {
  let time = "";
  for (let i = 0, t = now; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  if (used + 16 > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  let random = "";
  for (let i = 0; i < 16; i++) random += ALPHABET[pool[used + i] % 32];
  used += 16;
  return time + random;
}
