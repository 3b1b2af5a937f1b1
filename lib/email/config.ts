/**
 * Outgoing email settings, from the environment:
 * - SMTP_URL  smtp://user:pass@host:587 (smtps:// for implicit TLS); unset = email is off;
 * - MAIL_FROM the sender, "Formloom <forms@example.com>" or a bare address;
 *   default no-reply@<host of NEXTAUTH_URL>.
 * The password never leaves this module in clear: logs and stored errors get
 * describeSmtp() / redact().
 */
import { z } from "zod";

export interface MailConfig {
  smtpUrl: string;
  from: { name: string; address: string };
  /** smtp://user:***@host:587 — safe to log. */
  description: string;
}

const addressSchema = z.email();

type Env = Record<string, string | undefined>;

/** "Name <a@b>" or "a@b" → parts, or null when it is not one valid address. */
export function parseMailbox(value: string): { name: string; address: string } | null {
  const match = /^\s*(?:"?([^"<>\r\n]*?)"?\s*)?<([^<>\s]+)>\s*$/.exec(value);
  const name = match ? (match[1] ?? "").trim() : "";
  const address = match ? match[2] : value.trim();
  return addressSchema.safeParse(address).success ? { name, address } : null;
}

export function describeSmtp(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(an SMTP_URL that is not a URL)";
  }
}

/** Removes the SMTP password (plain and URL-encoded) from a text bound for a log or the database. */
export function redact(text: string, smtpUrl = process.env.SMTP_URL ?? ""): string {
  let password = "";
  try {
    password = new URL(smtpUrl).password;
  } catch {
    return text;
  }
  if (!password) return text;
  const decoded = decodeURIComponent(password);
  return text.split(password).join("***").split(decoded).join("***");
}

let warned = "";

/** The mail settings, or null when email is not configured (no or unusable SMTP_URL / MAIL_FROM). */
export function mailConfig(env: Env = process.env): MailConfig | null {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return null;
  const problem = (message: string) => {
    // Once per distinct problem, so a misconfiguration is visible without flooding the log.
    if (warned !== message) console.warn(`[email] ${message}; email is off`);
    warned = message;
    return null;
  };
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return problem("SMTP_URL is not a URL");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return problem(`SMTP_URL must start with smtp:// or smtps:// (${describeSmtp(smtpUrl)})`);
  let fallbackHost = "localhost";
  try {
    fallbackHost = new URL(env.NEXTAUTH_URL ?? "").hostname || fallbackHost;
  } catch {
    // no NEXTAUTH_URL: keep localhost
  }
  const from = parseMailbox(env.MAIL_FROM?.trim() || `Formloom <no-reply@${fallbackHost}>`);
  if (!from) return problem("MAIL_FROM is not an email address");
  return { smtpUrl, from, description: describeSmtp(smtpUrl) };
}

export const emailConfigured = () => mailConfig() !== null;

/** Public origin of the dashboard, for links in emails. */
export function dashboardOrigin(env: Env = process.env): string {
  const fallback = `http://localhost:${env.PORT ?? "3000"}`;
  try {
    return new URL(env.NEXTAUTH_URL || fallback).origin;
  } catch {
    return fallback;
  }
}
