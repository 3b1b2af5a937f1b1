/**
 * A server whose environment has settings with values they do not take (lib/settings.ts) does
 * not start: it names every one of them and exits, rather than serving with defaults or clamped
 * values in their place. One with only values they take starts (every other integration test).
 * PORT is checked first of all (scripts/serve.mjs), before the migrations touch the database.
 */
import { describe, expect, it } from "vitest";
import { createEmptyDatabase, createTestDatabase } from "../setup/database";
import { startServer } from "../setup/server";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

/** The server's output with each JSON log line read back as its message. */
const readable = (output: string) =>
  output.split("\n").map((line) => {
    try {
      const { msg } = JSON.parse(line) as { msg?: unknown };
      return typeof msg === "string" ? msg : line;
    } catch {
      return line;
    }
  }).join("\n");

describe(`settings with values they do not take (${kind})`, () => {
  it("stop the server's start, each named with what it takes", { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind, "badsettings");
    try {
      const start = startServer(database.url, { WEBHOOK_CONCURRENCY: "64", OUTBOX_THREAD_NICE: "ten", LOGIN_RATE_LIMIT: "-1", WEBHOOK_ALLOW_PRIVATE_URLS: "1" });
      const failure = await start.then(
        () => expect.fail("the server started"),
        (error: Error) => readable(error.message),
      );
      expect(failure).toMatch(/exited with 1/);
      // Next puts "An error occurred while loading instrumentation hook: " before the message.
      const reason = /did not start: (?:[^\n]*hook: )?([^\n]*)\. Stopping\./.exec(failure)?.[1] ?? "";
      expect(reason.split("; ").sort()).toEqual([
        'LOGIN_RATE_LIMIT must be a whole number ≥ 0, not "-1"',
        'OUTBOX_THREAD_NICE must be a whole number from 0 to 19, not "ten"',
        'WEBHOOK_ALLOW_PRIVATE_URLS must be true or false, not "1"',
        'WEBHOOK_CONCURRENCY must be a whole number from 1 to 32, not "64"',
      ]);
    } finally {
      await database.drop();
    }
  });

  it("SMTP_URL with no usable sender stops the start, naming MAIL_FROM", { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind, "badsender");
    try {
      // NEXTAUTH_URL is http://127.0.0.1:<port> here: the default sender would be no-reply@127.0.0.1.
      const failure = await startServer(database.url, { SMTP_URL: "smtp://mailer:s3cret-pass@127.0.0.1:2525" }).then(
        () => expect.fail("the server started"),
        (error: Error) => readable(error.message),
      );
      expect(failure).toMatch(/exited with 1/);
      expect(failure).toMatch(/did not start: [^\n]*MAIL_FROM must be set: the default sender no-reply@127\.0\.0\.1 is not an email address/);
      expect(failure).not.toContain("s3cret-pass");
    } finally {
      await database.drop();
    }
  });

  it("a PORT that is not a port stops the start before the migrations, naming it", { timeout: 60_000 }, async () => {
    // Empty: the migrations would print what they apply to it, had they run.
    const database = await createEmptyDatabase(kind, "badport");
    try {
      for (const value of ["abc", "70000", "80.5", "-1"]) {
        const failure = await startServer(database.url, { PORT: value }).then(
          () => expect.fail(`the server started with PORT=${value}`),
          (error: Error) => readable(error.message),
        );
        expect(failure).toMatch(/exited with 1/);
        expect(failure).toContain(`PORT must be a whole number from 0 to 65535, not "${value}". Stopping.`);
        // Nothing ran before the check.
        expect(failure).not.toMatch(/Applied \d+ migration/);
      }
    } finally {
      await database.drop();
    }
  });
});
