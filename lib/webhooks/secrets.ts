/**
 * Webhook signing secrets (Standard Webhooks: `whsec_` + base64 of random
 * bytes). Signing needs the secret itself, so it cannot be hashed like an API
 * key (Stripe and Svix also keep it readable). It is stored encrypted with
 * AES-256-GCM under a key derived from AUTH_SECRET, so a copy of the database
 * alone does not let anyone forge deliveries. Changing AUTH_SECRET makes the
 * stored secrets unreadable: deliveries then fail with a clear error until the
 * secrets are rotated.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const SECRET_BYTES = 32;
const FORMAT = "v1";

export function newWebhookSecret(): string {
  return "whsec_" + randomBytes(SECRET_BYTES).toString("base64");
}

let cachedKey: { from: string; key: Buffer } | null = null;

function encryptionKey(): Buffer {
  const authSecret = process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET;
  if (!authSecret) throw new Error("AUTH_SECRET is not set: webhook secrets cannot be encrypted or read");
  if (cachedKey?.from !== authSecret) {
    cachedKey = { from: authSecret, key: Buffer.from(hkdfSync("sha256", authSecret, "formloom", "webhook signing secrets v1", 32)) };
  }
  return cachedKey.key;
}

export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [FORMAT, iv.toString("base64"), cipher.getAuthTag().toString("base64"), sealed.toString("base64")].join(":");
}

export class UnreadableSecret extends Error {}

export function openSecret(stored: string): string {
  const [format, iv, tag, sealed] = stored.split(":");
  if (format !== FORMAT || !iv || !tag || !sealed) throw new UnreadableSecret("The stored webhook secret has an unknown format");
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecret("The webhook secret cannot be decrypted (was AUTH_SECRET changed?); rotate the secret");
  }
}
