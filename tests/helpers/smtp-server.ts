/**
 * A real SMTP server for tests (smtp-server, in the test process): it accepts
 * mail on 127.0.0.1, parses each message with mailparser, and can refuse the
 * next N messages with a temporary failure (451), as a greylisting server does.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
  /** The raw message as it arrived (headers included). */
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Answers the next `count` messages with 451 (after reading them). */
  refuseNext(count: number): void;
  /** How many messages were refused so far. */
  refused(): number;
  /** Waits until `predicate` holds for the mails received so far. */
  waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let toRefuse = 0;
  let refusedCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (toRefuse > 0) {
          toRefuse--;
          refusedCount++;
          const error = Object.assign(new Error("Try again later (greylisted)"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          parsed: await simpleParser(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:s3cret-pass@127.0.0.1:${port}`,
    port,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    refused: () => refusedCount,
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`SMTP: condition not met in ${timeoutMs} ms; received ${received.length}: ${received.map((m) => m.parsed.subject).join(" | ")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
