/**
 * Outgoing email settings, from the environment:
 * - SMTP_URL  smtp://user:pass@host:587 (smtps:// for implicit TLS); unset = email is off;
 * - MAIL_FROM the sender, "Formloom <forms@example.com>" or a bare address;
 *   default no-reply@<host of NEXTAUTH_URL>.
 * The password never leaves this module in clear: logs and stored errors get
 * describeSmtp() / redact().
 */
import { z } from "zod";
import { log } from "@/lib/observability/log";

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

/** The mail settings when SMTP_URL is set: usable ones, or what is wrong with them (the SMTP password left out). */
function readMail(env: Env): { config: MailConfig } | { problem: string } | null {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return null;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return { problem: "SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587), and it is not a URL" };
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return { problem: `SMTP_URL must start with smtp:// or smtps://, not ${describeSmtp(smtpUrl)}` };
  let fallbackHost = "localhost";
  try {
    fallbackHost = new URL(env.NEXTAUTH_URL ?? "").hostname || fallbackHost;
  } catch {
    // no NEXTAUTH_URL: keep localhost
  }
  const given = env.MAIL_FROM?.trim();
  if (!given) {
    const from = parseMailbox(`Formloom <no-reply@${fallbackHost}>`);
    // NEXTAUTH_URL on an IP address or localhost gives no valid default address.
    if (!from) return { problem: `MAIL_FROM must be set: the default sender no-reply@${fallbackHost} is not an email address (it takes NEXTAUTH_URL's host)` };
    return { config: { smtpUrl, from, description: describeSmtp(smtpUrl) } };
  }
  const from = parseMailbox(given);
  if (!from) return { problem: `MAIL_FROM must be an email address ("Name <forms@example.com>" or forms@example.com), not ${JSON.stringify(given)}` };
  return { config: { smtpUrl, from, description: describeSmtp(smtpUrl) } };
}

/** What is wrong with the mail settings, for the start-up check (lib/settings.ts checkSettings); null when nothing. */
export function mailSettingProblem(env: Env = process.env): string | null {
  const mail = readMail(env);
  return mail && "problem" in mail ? mail.problem : null;
}

let warned = "";

/** The mail settings, or null when email is not configured (no or unusable SMTP_URL / MAIL_FROM). */
export function mailConfig(env: Env = process.env): MailConfig | null {
  const mail = readMail(env);
  if (!mail) return null;
  if ("config" in mail) return mail.config;
  // The start-up check stops a server with such settings; a tool reading other ones says so once.
  if (warned !== mail.problem) log.warn(`[email] ${mail.problem}; email is off`);
  warned = mail.problem;
  return null;
}

export const emailConfigured = () => mailConfig() !== null;

/** Public origin of the dashboard (NEXTAUTH_URL), for links in emails and the CSV export's file URLs. */
export function dashboardOrigin(env: Env = process.env): string {
  const fallback = `http://localhost:${env.PORT ?? "3000"}`;
  try {
    return new URL(env.NEXTAUTH_URL || fallback).origin;
  } catch {
    return fallback;
  }
}
