/**
 * Runs in the browser before the app becomes interactive.
 *
 * zod compiles object parsers with `new Function` when it may; to find out, it
 * tries once, and under our Content-Security-Policy (no 'unsafe-eval') that
 * attempt is reported as a violation even though zod catches it. Parsing is
 * just as correct without the compiled fast path. (The server has no CSP and
 * keeps it: this file runs in the browser only.)
 */
import { config } from "zod/v4/core";

config({ jitless: true });
