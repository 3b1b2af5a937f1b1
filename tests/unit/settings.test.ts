/**
 * The settings read from the environment (lib/settings.ts): unset or blank gives the default,
 * a value the setting takes is used as given, and any other value is refused with a message
 * naming the variable — never replaced by the default or clamped.
 */
import { describe, expect, it } from "vitest";
import { loginRateLimit } from "@/lib/auth/login-limit";
import { sqliteSynchronous } from "@/lib/db/sqlite-settings";
import { trustedProxyHops } from "@/lib/http/client-ip";
import { retryDelaysMs } from "@/lib/outbox/schedule";
import { submissionRateLimit } from "@/lib/rate-limit";
import { mailSettingProblem } from "@/lib/email/config";
import { BadSetting, checkSettings, listSetting, setting, settingIfSet, switchOn, textSetting } from "@/lib/settings";

describe("a number setting", () => {
  it("is its default when unset or blank, and the value given otherwise", () => {
    expect(setting("WEBHOOK_CONCURRENCY", {})).toBe(8);
    expect(setting("WEBHOOK_CONCURRENCY", { WEBHOOK_CONCURRENCY: "  " })).toBe(8);
    expect(setting("WEBHOOK_CONCURRENCY", { WEBHOOK_CONCURRENCY: " 32 " })).toBe(32);
    expect(setting("OUTBOX_THREAD_NICE", { OUTBOX_THREAD_NICE: "0" })).toBe(0);
    expect(setting("DELIVERY_LOG_RETENTION_DAYS", { DELIVERY_LOG_RETENTION_DAYS: "0.5" })).toBe(0.5);
  });

  it("refuses what is out of its range or not a number of its kind, naming the variable", () => {
    const refused: [Parameters<typeof setting>[0], string, RegExp][] = [
      ["WEBHOOK_CONCURRENCY", "64", /^WEBHOOK_CONCURRENCY must be a whole number from 1 to 32, not "64"$/],
      ["WEBHOOK_CONCURRENCY", "0", /from 1 to 32/],
      ["OUTBOX_THREAD_NICE", "ten", /^OUTBOX_THREAD_NICE must be a whole number from 0 to 19, not "ten"$/],
      ["OUTBOX_THREAD_NICE", "-5", /from 0 to 19/],
      ["WEBHOOK_TIMEOUT_MS", "15s", /^WEBHOOK_TIMEOUT_MS must be a whole number of ms ≥ 1, not "15s"$/],
      ["WEBHOOK_TIMEOUT_MS", "1.5", /whole number of ms/],
      ["OUTBOX_POLL_MS", "0", /OUTBOX_POLL_MS must be a whole number of ms ≥ 1/],
      ["UPLOAD_MAX_FILE_MB", "Infinity", /UPLOAD_MAX_FILE_MB must be a whole number of MB ≥ 1/],
      ["DELIVERY_LOG_RETENTION_DAYS", "-1", /DELIVERY_LOG_RETENTION_DAYS must be a number of days ≥ 0/],
    ];
    for (const [name, value, message] of refused) {
      expect(() => setting(name, { [name]: value }), `${name}=${value}`).toThrow(message);
      expect(() => setting(name, { [name]: value })).toThrow(BadSetting);
    }
  });

  it("settingIfSet says when it is unset, so the caller can pick a default of its own", () => {
    expect(settingIfSet("OUTBOX_THREAD_NICE", {})).toBeNull();
    expect(settingIfSet("OUTBOX_THREAD_NICE", { OUTBOX_THREAD_NICE: "" })).toBeNull();
    expect(settingIfSet("OUTBOX_THREAD_NICE", { OUTBOX_THREAD_NICE: "5" })).toBe(5);
    expect(() => settingIfSet("OUTBOX_THREAD_NICE", { OUTBOX_THREAD_NICE: "25" })).toThrow(/from 0 to 19/);
  });
});

describe("settings that must not fall back or clamp in silence", () => {
  it("a blank LOGIN_RATE_LIMIT is the default 10, not 0 (which turns the limit off)", () => {
    expect(loginRateLimit({ LOGIN_RATE_LIMIT: "" })).toEqual({ perEmailAndIp: 10, perEmail: 100, perIp: 50 });
    expect(loginRateLimit({ LOGIN_RATE_LIMIT: "0" })).toEqual({ perEmailAndIp: 0, perEmail: 0, perIp: 0 });
    expect(() => loginRateLimit({ LOGIN_RATE_LIMIT: "ten" })).toThrow(/LOGIN_RATE_LIMIT must be a whole number ≥ 0/);
  });

  it("SUBMISSION_RATE_LIMIT and TRUSTED_PROXY_HOPS refuse nonsense instead of taking their default", () => {
    expect(submissionRateLimit({})).toBe(60);
    expect(submissionRateLimit({ SUBMISSION_RATE_LIMIT: "0" })).toBe(0);
    expect(() => submissionRateLimit({ SUBMISSION_RATE_LIMIT: "sixty" })).toThrow(/SUBMISSION_RATE_LIMIT must be a whole number ≥ 0, not "sixty"/);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "2" })).toBe(2);
    expect(() => trustedProxyHops({ TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS must be a whole number ≥ 0/);
  });
});

describe("lists, switches and choices", () => {
  it("WEBHOOK_RETRY_DELAYS_MS: Standard Webhooks' schedule by default, else comma-separated whole ms", () => {
    expect(retryDelaysMs({})).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(listSetting("WEBHOOK_RETRY_DELAYS_MS", { WEBHOOK_RETRY_DELAYS_MS: "300, 0,1000" })).toEqual([300, 0, 1000]);
    for (const bad of ["300,,300", "300,-1", "5s", "300,"]) {
      expect(() => retryDelaysMs({ WEBHOOK_RETRY_DELAYS_MS: bad }), bad).toThrow(/WEBHOOK_RETRY_DELAYS_MS must be comma-separated whole numbers of ms ≥ 0/);
    }
  });

  it("a switch takes its two words in any case, and nothing else", () => {
    expect(switchOn("WEBHOOK_ALLOW_PRIVATE_URLS", {})).toBe(false);
    expect(switchOn("WEBHOOK_ALLOW_PRIVATE_URLS", { WEBHOOK_ALLOW_PRIVATE_URLS: "TRUE" })).toBe(true);
    expect(switchOn("OUTBOX_THREAD", {})).toBe(true);
    expect(switchOn("OUTBOX_THREAD", { OUTBOX_THREAD: "off" })).toBe(false);
    expect(() => switchOn("WEBHOOK_ALLOW_PRIVATE_URLS", { WEBHOOK_ALLOW_PRIVATE_URLS: "1" })).toThrow(/^WEBHOOK_ALLOW_PRIVATE_URLS must be true or false, not "1"$/);
    expect(() => switchOn("OUTBOX_WORKER", { OUTBOX_WORKER: "false" })).toThrow(/^OUTBOX_WORKER must be on or off, not "false"$/);
  });

  it("SQLITE_SYNCHRONOUS is NORMAL or FULL, in any case", () => {
    expect(sqliteSynchronous({})).toBe("NORMAL");
    expect(sqliteSynchronous({ SQLITE_SYNCHRONOUS: "full" })).toBe("FULL");
    expect(() => sqliteSynchronous({ SQLITE_SYNCHRONOUS: "OFF" })).toThrow(/SQLITE_SYNCHRONOUS must be NORMAL or FULL, not "OFF"/);
  });
});

describe("a text setting", () => {
  it("is its default (null when it has none) when unset or blank, and the trimmed text otherwise", () => {
    expect(textSetting("STORAGE_URL", {})).toBe("file:./data/uploads");
    expect(textSetting("SMTP_URL", { SMTP_URL: "  " })).toBeNull();
    expect(textSetting("SMTP_URL", { SMTP_URL: " smtp://mail.example.com:587 " })).toBe("smtp://mail.example.com:587");
  });
});

describe("checkSettings", () => {
  it("passes an environment of defaults and of values the settings take", () => {
    expect(() => checkSettings({})).not.toThrow();
    expect(() => checkSettings({ WEBHOOK_CONCURRENCY: "4", ALLOW_SIGNUP: "true", SQLITE_SYNCHRONOUS: "FULL", WEBHOOK_RETRY_DELAYS_MS: "300,300" })).not.toThrow();
  });

  it("names every setting whose value is refused, in one error", () => {
    let error: unknown;
    try {
      checkSettings({ WEBHOOK_CONCURRENCY: "64", OUTBOX_THREAD_NICE: "ten", ALLOW_SIGNUP: "yes", PORT: "whatever" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BadSetting);
    const message = (error as Error).message;
    expect(message.split("; ").sort()).toEqual([
      'ALLOW_SIGNUP must be true or false, not "yes"',
      'OUTBOX_THREAD_NICE must be a whole number from 0 to 19, not "ten"',
      'PORT must be a whole number from 0 to 65535, not "whatever"',
      'WEBHOOK_CONCURRENCY must be a whole number from 1 to 32, not "64"',
    ]);
  });
});

describe("the mail settings", () => {
  const check = (env: Record<string, string>) => () => checkSettings(env, [mailSettingProblem]);

  it("pass without SMTP_URL, or with a usable sender", () => {
    expect(check({ NEXTAUTH_URL: "http://127.0.0.1:3000" })).not.toThrow();
    expect(check({ SMTP_URL: "smtp://mail.example.com:587", NEXTAUTH_URL: "https://forms.example.com" })).not.toThrow();
    expect(check({ SMTP_URL: "smtp://mail.example.com:587", NEXTAUTH_URL: "http://127.0.0.1:3000", MAIL_FROM: "Forms <forms@example.com>" })).not.toThrow();
  });

  it("stop the start when SMTP_URL is set and the sender is unusable, naming MAIL_FROM", () => {
    expect(check({ SMTP_URL: "smtp://mail.example.com:587", NEXTAUTH_URL: "http://127.0.0.1:3000" })).toThrow(
      /^MAIL_FROM must be set: the default sender no-reply@127\.0\.0\.1 is not an email address/,
    );
    expect(check({ SMTP_URL: "smtp://mail.example.com:587", NEXTAUTH_URL: "http://[::1]:3000" })).toThrow(/MAIL_FROM must be set/);
    expect(check({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(/MAIL_FROM must be set: the default sender no-reply@localhost/);
    expect(check({ SMTP_URL: "smtp://mail.example.com:587", NEXTAUTH_URL: "https://forms.example.com", MAIL_FROM: "nobody" })).toThrow(
      /^MAIL_FROM must be an email address/,
    );
    expect(check({ SMTP_URL: "smtp://mail.example.com:587", WEBHOOK_CONCURRENCY: "64" })).toThrow(/WEBHOOK_CONCURRENCY must be .*; MAIL_FROM must be set/);
  });

  it("stop the start for an SMTP_URL that is not an smtp:// or smtps:// URL, without its password", () => {
    expect(check({ SMTP_URL: "http://user:hunter22@mail.example.com", MAIL_FROM: "forms@example.com" })).toThrow(/^SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(check({ SMTP_URL: "http://user:hunter22@mail.example.com", MAIL_FROM: "forms@example.com" })).not.toThrow(/hunter22/);
    expect(check({ SMTP_URL: "not a url", MAIL_FROM: "forms@example.com" })).toThrow(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
