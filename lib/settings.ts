/**
 * Every setting the server reads from the environment, declared once here with its default and
 * the values it takes (docs/configuration.md is generated from these declarations and
 * lib/settings-docs.ts: `npm run docs:configuration`). Code reads a setting where it uses it
 * (read at that moment: tests and tools set the environment per process), and the server checks
 * them all before it starts (checkSettings, instrumentation.ts): a value its setting does not take
 * stops the start, with a message naming every such variable, rather than falling back to the
 * default or being clamped, which would hide the mistake until the setting is first used.
 * Unset or blank means the default, as `.env.example`'s empty lines expect.
 *
 * Text settings (addresses, URLs, secrets) are declared too, so that this list is complete; the
 * module that uses one checks its form (lib/db/url.ts, lib/storage, lib/email/config.ts).
 *
 * Browser-safe (lib/files/limits.ts is shared with the upload widget): in the browser no
 * environment is readable and the defaults apply; the server enforces its own values.
 */
type Env = Record<string, string | undefined>;

type Spec =
  | { kind: "number"; default: number; min: number; max?: number; whole: boolean; unit?: string }
  | { kind: "numbers"; default: readonly number[]; unit: string }
  | { kind: "switch"; default: boolean; words: readonly [on: string, off: string] }
  | { kind: "choice"; default: string; choices: readonly string[] }
  | { kind: "text"; default: string | null };

const ms = (defaultMs: number, min = 1) => ({ kind: "number", default: defaultMs, min, whole: true, unit: "ms" }) as const;
const count = (defaultCount: number, min = 0, max?: number) => ({ kind: "number", default: defaultCount, min, max, whole: true }) as const;
const trueFalse = (on: boolean) => ({ kind: "switch", default: on, words: ["true", "false"] }) as const;
const onOff = (on: boolean) => ({ kind: "switch", default: on, words: ["on", "off"] }) as const;
const anyText = (defaultText: string | null = null) => ({ kind: "text", default: defaultText }) as const;

const specs = {
  // Read by scripts/serve.mjs (plain JavaScript, before anything starts), as this reads it; checked there first.
  PORT: count(3000, 0, 65_535),
  HOSTNAME_BIND: anyText("0.0.0.0"),
  DATABASE_URL: anyText("file:./data/formloom.db"),
  AUTH_SECRET: anyText(),
  NEXTAUTH_URL: anyText(),
  // Read by scripts/direct-routes.mjs (plain JavaScript, loaded before Next), as this reads it; checked here.
  FORMLOOM_DIRECT_ROUTES: onOff(true),
  // Read by scripts/serve.mjs (GET /metrics, scripts/metrics.mjs).
  METRICS_TOKEN: anyText(),
  // Read by scripts/log.mjs (checked there first) and lib/observability/log.ts.
  LOG_LEVEL: { kind: "choice", default: "INFO", choices: ["FATAL", "ERROR", "WARN", "INFO", "DEBUG", "TRACE", "SILENT"] },
  SUBMISSION_RATE_LIMIT: count(60),
  // The spam hold's minimum fill time (lib/public/spam.ts).
  SUBMISSION_MIN_FILL_MS: ms(3_000, 0),
  LOGIN_RATE_LIMIT: count(10),
  TRUSTED_PROXY_HOPS: count(0),
  ALLOW_SIGNUP: trueFalse(false),
  // log2 of scrypt's N (lib/auth/passwords.ts); 17 is OWASP's minimum.
  PASSWORD_HASH_COST: count(17, 10, 20),
  SQLITE_SYNCHRONOUS: { kind: "choice", default: "NORMAL", choices: ["NORMAL", "FULL"] },
  SQLITE_BUSY_TIMEOUT_MS: ms(10_000, 0),
  WEBHOOK_ALLOW_PRIVATE_URLS: trueFalse(false),
  WEBHOOK_TIMEOUT_MS: ms(15_000),
  // Standard Webhooks' schedule (lib/outbox/schedule.ts).
  WEBHOOK_RETRY_DELAYS_MS: { kind: "numbers", default: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000], unit: "ms" },
  WEBHOOK_DISABLE_AFTER_MS: ms(5 * 24 * 3_600_000, 0),
  WEBHOOK_CONCURRENCY: count(8, 1, 32),
  OUTBOX_POLL_MS: ms(500),
  OUTBOX_WORKER: onOff(true),
  OUTBOX_THREAD: onOff(true),
  // Unset on SQLite: 0 (lib/outbox/thread.ts says why).
  OUTBOX_THREAD_NICE: count(10, 0, 19),
  DELIVERY_LOG_RETENTION_DAYS: { kind: "number", default: 30, min: 0, whole: false, unit: "days" },
  OUTBOX_PRUNE_MS: ms(3_600_000),
  SMTP_URL: anyText(),
  MAIL_FROM: anyText(),
  STORAGE_URL: anyText("file:./data/uploads"),
  S3_ENDPOINT: anyText(),
  S3_REGION: anyText("us-east-1"),
  S3_FORCE_PATH_STYLE: trueFalse(false),
  AWS_ACCESS_KEY_ID: anyText(),
  AWS_SECRET_ACCESS_KEY: anyText(),
  UPLOAD_MAX_FILE_MB: { kind: "number", default: 25, min: 1, whole: true, unit: "MB" },
  UPLOAD_MAX_FORM_MB: { kind: "number", default: 1024, min: 1, whole: true, unit: "MB" },
  UPLOAD_PENDING_FORM_PERCENT: { kind: "number", default: 25, min: 1, max: 100, whole: true, unit: "percent" },
  UPLOAD_PENDING_ADDRESS_PERCENT: { kind: "number", default: 10, min: 1, max: 100, whole: true, unit: "percent" },
  UPLOAD_PENDING_MAX_AGE_MS: ms(3_600_000),
  FILES_ORPHAN_MAX_AGE_MS: ms(24 * 3_600_000),
  FILES_SWEEP_MS: ms(600_000),
  CLAMAV_HOST: anyText(),
  // For development and tests only (next.config.mjs, scripts/db.ts, scripts/test.sh).
  NEXT_DIST_DIR: anyText(".next"),
  MIGRATION_POSTGRES_URL: anyText("postgresql://postgres@127.0.0.1:5432/postgres"),
  TEST_DATABASE_URL: anyText(),
} as const satisfies Record<string, Spec>;

export type SettingName = keyof typeof specs;
type Name = SettingName;
type NamesOf<K extends Spec["kind"]> = { [N in Name]: (typeof specs)[N]["kind"] extends K ? N : never }[Name];

const environment = (): Env => (typeof process !== "undefined" && process.env ? process.env : {});

/** Thrown for a value its setting does not take; the message names the variable. */
export class BadSetting extends Error {}

/** Every declaration, in the order above (docs/configuration.md is made from them). */
export const settingSpecs: Readonly<Record<SettingName, Spec>> = specs;
export type SettingSpec = Spec;

/** What the setting takes, for the message (and the configuration page). */
export function takes(spec: Spec): string {
  switch (spec.kind) {
    case "number": {
      const what = spec.whole ? "a whole number" : "a number";
      const unit = spec.unit ? ` of ${spec.unit}` : "";
      return spec.max === undefined ? `${what}${unit} ≥ ${spec.min}` : `${what}${unit} from ${spec.min} to ${spec.max}`;
    }
    case "numbers":
      return `comma-separated whole numbers of ${spec.unit} ≥ 0`;
    case "switch":
      return `${spec.words[0]} or ${spec.words[1]}`;
    case "choice":
      return spec.choices.join(" or ");
    case "text":
      return "text";
  }
}

/** The setting's value: its default when unset or blank; a BadSetting when it is not one the setting takes. */
function read(name: Name, env: Env): number | readonly number[] | boolean | string | null {
  const spec: Spec = specs[name];
  const text = env[name]?.trim();
  if (!text) return spec.default;
  const bad = () => new BadSetting(`${name} must be ${takes(spec)}, not ${JSON.stringify(env[name])}`);
  switch (spec.kind) {
    case "number": {
      const value = Number(text);
      if (!Number.isFinite(value) || (spec.whole && !Number.isInteger(value)) || value < spec.min || (spec.max !== undefined && value > spec.max)) throw bad();
      return value;
    }
    case "numbers": {
      const values = text.split(",").map((part) => (part.trim() === "" ? NaN : Number(part)));
      if (values.some((value) => !Number.isInteger(value) || value < 0)) throw bad();
      return values;
    }
    case "switch": {
      const word = text.toLowerCase();
      if (!spec.words.includes(word)) throw bad();
      return word === spec.words[0];
    }
    case "choice": {
      const choice = text.toUpperCase();
      if (!spec.choices.includes(choice)) throw bad();
      return choice;
    }
    case "text":
      return text;
  }
}

/** A number setting (its default when unset). */
export const setting = (name: NamesOf<"number">, env: Env = environment()) => read(name, env) as number;
/** A number setting, or null when it is unset (the caller's default depends on more than the setting). */
export const settingIfSet = (name: NamesOf<"number">, env: Env = environment()) => (env[name]?.trim() ? setting(name, env) : null);
/** A list of numbers. */
export const listSetting = (name: NamesOf<"numbers">, env: Env = environment()) => read(name, env) as readonly number[];
/** A switch: true when on. */
export const switchOn = (name: NamesOf<"switch">, env: Env = environment()) => read(name, env) as boolean;
/** A choice, in capitals. */
export const choiceSetting = (name: NamesOf<"choice">, env: Env = environment()) => read(name, env) as string;
/** A text setting, trimmed: its default (null when it has none) when unset or blank. */
export const textSetting = (name: NamesOf<"text">, env: Env = environment()) => read(name, env) as string | null;

/**
 * Reads every setting; throws one BadSetting naming all those whose value is not one they take.
 * `more` are checks of settings whose usability a module of their own decides (the mail sender:
 * lib/email/config.ts), each giving a message that names the variable, or null.
 */
export function checkSettings(env: Env = environment(), more: readonly ((env: Env) => string | null)[] = []): void {
  const problems: string[] = [];
  for (const name of Object.keys(specs) as Name[]) {
    try {
      read(name, env);
    } catch (error) {
      if (!(error instanceof BadSetting)) throw error;
      problems.push(error.message);
    }
  }
  for (const check of more) {
    const problem = check(env);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw new BadSetting(problems.join("; "));
}
