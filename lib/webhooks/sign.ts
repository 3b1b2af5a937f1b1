/**
 * Standard Webhooks signatures: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * keyed with the secret's base64-decoded bytes. Several signatures are
 * space-separated (during a rotation's grace period: the new and the old
 * secret), and a receiver accepts the message when any one verifies.
 */
import { createHmac } from "node:crypto";

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return "v1," + createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signature(secret, id, timestamp, body)).join(" ");
}
