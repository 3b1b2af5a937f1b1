/**
 * The server's log: JSON lines (pino) on standard output, at LOG_LEVEL. One
 * logger per process, made by scripts/serve.mjs (which writes each request's
 * line) and found on globalThis; this makes one alike where that server did
 * not start the process (a worker thread, the admin CLI, a test).
 *
 * What goes in a line is chosen at each call: a message and a few named
 * fields (ids, counts, an error's message). Never a request's headers or
 * body, a secret, a key, a password, a cookie or an answer:
 * tests/integration/logs.test.ts greps a whole server's log for the ones it used.
 */
import pino, { type Logger } from "pino";

const LOGGER = Symbol.for("formloom.log");

/** The same options as scripts/serve.mjs's logger. */
function createLogger(): Logger {
  return pino({
    level: (process.env.LOG_LEVEL?.trim() || "info").toLowerCase(),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Written as it happens (as console's were): a line is out before the answer, and none is lost at exit.
  }, pino.destination({ dest: 1, sync: true }));
}

export const log: Logger = ((globalThis as Record<symbol, unknown>)[LOGGER] ??= createLogger()) as Logger;

/**
 * An error as a log field: its class, message and stack, and nothing else it
 * carries (a driver's error can hold the query's parameters: answers).
 */
export function errorField(error: unknown): { type: string; message: string; stack?: string } {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}
