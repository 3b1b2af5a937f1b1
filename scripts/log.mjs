/**
 * The process's logger (pino, JSON lines on standard output, at LOG_LEVEL), made here before Next
 * loads and left on globalThis for the app (lib/observability/log.ts makes one with the same options
 * where this server did not start the process).
 */
import pino from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function createLogger() {
  const level = (process.env.LOG_LEVEL?.trim() || "info").toLowerCase();
  // Checked here, before anything starts, as lib/settings.ts checks its settings later.
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be ${LOG_LEVELS.join(", ")}, not ${JSON.stringify(process.env.LOG_LEVEL)}`);
  const logger = pino({
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Written as it happens (as console's were): a line is out before the answer, and none is lost at exit.
  }, pino.destination({ dest: 1, sync: true }));
  globalThis[Symbol.for("formloom.log")] = logger;
  return logger;
}

/** An error as a log field: class, message and stack only (see lib/observability/log.ts). */
export const errorField = (error) =>
  error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { type: typeof error, message: String(error) };
