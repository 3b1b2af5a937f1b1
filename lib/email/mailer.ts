/**
 * The one place that talks SMTP (nodemailer). Errors come back classified:
 * EmailRetryable (a 4xx reply, a refused or dropped connection, a timeout,
 * failed authentication — the outbox tries again later) or EmailPermanent
 * (a 5xx reply to the message or its recipients — trying again would only be
 * refused again). Messages never carry the SMTP password (redact()).
 */
import nodemailer, { type Transporter } from "nodemailer";
import { mailConfig, redact, type MailConfig } from "./config";

export class EmailRetryable extends Error {}
export class EmailPermanent extends Error {}

export interface OutgoingMail {
  /** One message to all of them: a retry can never send some of them a second copy. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Threading of repeated sends of one outbox row: the same id on every retry. */
  messageId?: string;
}

let cached: { url: string; transporter: Transporter } | null = null;

function transporterFor(config: MailConfig): Transporter {
  if (cached?.url !== config.smtpUrl) {
    cached?.transporter.close();
    cached = {
      url: config.smtpUrl,
      transporter: nodemailer.createTransport({
        url: config.smtpUrl,
        // Bounded, so a dead server holds an outbox lease for seconds, not minutes.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
        logger: false,
      } as unknown as nodemailer.TransportOptions),
    };
  }
  return cached.transporter;
}

/** Sends one message; throws EmailRetryable / EmailPermanent (see the module comment). */
export async function deliverMail(mail: OutgoingMail, config: MailConfig | null = mailConfig()): Promise<{ messageId: string }> {
  if (!config) throw new EmailPermanent("Email is not configured (SMTP_URL is unset)");
  try {
    const info = await transporterFor(config).sendMail({
      from: config.from,
      // An address object, never a string to parse: nothing in it can become another header or recipient.
      to: mail.to.map((address) => ({ name: "", address })),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId && { messageId: mail.messageId }),
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return { messageId: info.messageId };
  } catch (error) {
    const e = error as { responseCode?: number; code?: string; message?: string };
    const message = redact(`${e.code ? `${e.code}: ` : ""}${e.message ?? String(error)}`, config.smtpUrl).slice(0, 500);
    if (typeof e.responseCode === "number" && e.responseCode >= 500 && e.code !== "EAUTH") throw new EmailPermanent(message);
    throw new EmailRetryable(message);
  }
}

/** Closes the pooled connection (tests, shutdown). */
export function closeMailer() {
  cached?.transporter.close();
  cached = null;
}
