/**
 * A server whose environment has settings with values they do not take (lib/settings.ts) does
 * not start: it names every one of them and exits, rather than serving with defaults or clamped
 * values in their place. One with only values they take starts (every other integration test).
 */
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../setup/database";
import { startServer } from "../setup/server";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

describe(`settings with values they do not take (${kind})`, () => {
  it("stop the server's start, each named with what it takes", { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind, "badsettings");
    try {
      const start = startServer(database.url, { WEBHOOK_CONCURRENCY: "64", OUTBOX_THREAD_NICE: "ten", LOGIN_RATE_LIMIT: "-1", WEBHOOK_ALLOW_PRIVATE_URLS: "1" });
      const failure = await start.then(
        () => expect.fail("the server started"),
        (error: Error) => error.message,
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
});
