/**
 * What each setting of lib/settings.ts does, for docs/configuration.md (`npm run
 * docs:configuration` writes the page; tests/unit/configuration-doc.test.ts fails when the page
 * and these declarations differ). Kept apart from lib/settings.ts because that module is also
 * bundled into the respondent page, which has no use for this text.
 *
 * `satisfies Record<SettingName, SettingDoc>`: a setting declared without a description (or a
 * description of no setting) does not compile.
 */
import type { SettingName } from "@/lib/settings";

export const settingGroups = {
  server: "Server",
  database: "Database",
  accounts: "Accounts and sign-in",
  submissions: "Submissions",
  outbox: "Webhooks and email",
  files: "Files and storage",
  development: "Development and tests",
} as const;

export interface SettingDoc {
  group: keyof typeof settingGroups;
  /** Markdown: what it does, and when to change it. */
  meaning: string;
  /** Markdown, when the declared default needs words (a computed or absent default). */
  default?: string;
  /** Markdown, for text settings: the form the value takes. */
  takes?: string;
}

export const settingDocs = {
  PORT: {
    group: "server",
    meaning: "The HTTP port. Checked by `scripts/serve.mjs` before anything else: another value stops the start with a message naming `PORT`, before the migrations run.",
  },
  HOSTNAME_BIND: {
    group: "server",
    meaning: "The address the server listens on. `127.0.0.1` keeps it reachable from this machine only (a reverse proxy on the same host).",
    takes: "an IP address or host name",
  },
  NEXTAUTH_URL: {
    group: "server",
    default: "`http://localhost:$PORT`",
    meaning: "The public origin of the dashboard, as people reach it (behind a proxy: `https://forms.example.com`). Sign-in redirects, links in emails and invitation links use it, and so does the default `MAIL_FROM`.",
    takes: "an origin, `https://host[:port]`",
  },
  AUTH_SECRET: {
    group: "server",
    default: "generated once into `./data/auth-secret`",
    meaning: "Signs dashboard sessions and the respondent page's start tokens, and derives the key that encrypts webhook signing secrets and invitation tokens in the outbox. Set it, identically, on every instance. Changing it signs everyone out and makes stored webhook secrets unreadable (deliveries fail until each secret is rotated).",
    takes: "a long random string",
  },
  METRICS_TOKEN: {
    group: "server",
    default: "unset: no metrics, `/metrics` is a 404",
    meaning: "Turns on `GET /metrics` (Prometheus' text format) and is the bearer token a scrape must send (`Authorization: Bearer <token>`); a request without it gets 401. See [operations](operations.md#metrics).",
    takes: "a long random string",
  },
  LOG_LEVEL: {
    group: "server",
    meaning: "The least level written to the log (JSON lines on standard output, one per request at `INFO`). `WARN` keeps only problems; `DEBUG` and `TRACE` add nothing today. See [operations](operations.md#logs).",
  },
  DATABASE_URL: {
    group: "database",
    meaning: "`file:<path>` → SQLite; `postgresql://…` → PostgreSQL. Migrations and the app always use the same value. On PostgreSQL the app's connections show as `formloom`, and the outbox thread's as `formloom-outbox`, in `pg_stat_activity`, unless the URL's `application_name` or `PGAPPNAME` names them.",
    takes: "`file:<path>` or `postgresql://user:password@host:5432/db`",
  },
  SQLITE_SYNCHRONOUS: {
    group: "database",
    meaning: "SQLite only. `NORMAL`: an acknowledged write survives a crash or `kill -9` of the process. `FULL`: it also survives a power loss (an fsync on every commit, slower).",
  },
  SQLITE_BUSY_TIMEOUT_MS: {
    group: "database",
    meaning: "SQLite only. How long a writer (and the migrations at start) waits for another process's lock before failing.",
  },
  ALLOW_SIGNUP: {
    group: "accounts",
    meaning: "Lets anyone create an account at `/signup` after the first owner. Off, people join through invitations (which work either way) or `npm run admin -- create-user`.",
  },
  PASSWORD_HASH_COST: {
    group: "accounts",
    meaning: "The cost of new password hashes: scrypt's N is 2 to this power (with r=8, p=1), so each step doubles the time and memory a hash takes; 17 (128 MiB) is OWASP's minimum. Each hash stores its own cost, so a change applies to passwords set from then on and every stored one still signs in. Lower values are for test suites, which create and sign in many accounts; never lower it on a server with real accounts.",
  },
  LOGIN_RATE_LIMIT: {
    group: "accounts",
    meaning: "Failed sign-in attempts per email from one client IP per 15 minutes; an email gets 10 times as many from all addresses together, and a client IP 5 times as many over all emails. Successful sign-ins do not count. `0` turns the limits off.",
  },
  TRUSTED_PROXY_HOPS: {
    group: "server",
    meaning: "How many reverse proxies in front of the app to trust in `X-Forwarded-For` when telling a client's IP (rate limits, one response per person without cookies, the audit log). `0` uses the socket's address: behind a proxy every client would then share the proxy's.",
  },
  SUBMISSION_RATE_LIMIT: {
    group: "submissions",
    meaning: "Public submissions (creating and updating responses, uploads; refused ones too) per minute per client IP, counted in the database so every instance shares it. `0` turns it off.",
  },
  SUBMISSION_MIN_FILL_MS: {
    group: "submissions",
    meaning: "A response finished from the public page sooner than this after the page was served is kept but held as suspected spam (reason `too_fast`; see [Spam](features/forms-and-responses.md#spam)). `0` holds none for being fast. Lower values are for test suites, whose browsers answer forms in milliseconds; people take longer than the default.",
  },
  FORMLOOM_DIRECT_ROUTES: {
    group: "submissions",
    meaning: "`on` serves the public submission POST straight from the production build's route, without Next.js's request pipeline (`scripts/direct-routes.mjs`; see [Architecture](architecture.md#how-a-submission-travels)). `off` sends it through Next.js like every other request.",
  },
  SMTP_URL: {
    group: "outbox",
    default: "unset: email is off",
    meaning: "The outgoing mail server for response notifications, respondent confirmations, invitations and \"webhook disabled\" notices. `smtp://` upgrades with STARTTLS when the server offers it; `smtps://` is TLS from the start. The password is never logged.",
    takes: "`smtp://user:pass@host:587` or `smtps://user:pass@host:465`",
  },
  MAIL_FROM: {
    group: "outbox",
    default: "`Formloom <no-reply@<NEXTAUTH_URL's host>>`",
    meaning: "The sender of every email. Set it when `NEXTAUTH_URL`'s host is an IP address or `localhost`: the default is then no email address, and with `SMTP_URL` set the server does not start. An `SMTP_URL` or `MAIL_FROM` that cannot be used stops the start too, naming it.",
    takes: "`Name <address>` or an address",
  },
  WEBHOOK_ALLOW_PRIVATE_URLS: {
    group: "outbox",
    meaning: "`true` lets webhooks reach loopback, private and link-local addresses (receivers on your own network). Off, such URLs are refused when a webhook is saved and at every connection.",
  },
  WEBHOOK_TIMEOUT_MS: {
    group: "outbox",
    meaning: "One webhook attempt's deadline: connect, send and answer.",
  },
  WEBHOOK_RETRY_DELAYS_MS: {
    group: "outbox",
    meaning: "The delays before each retry of a failed delivery (±10 % jitter); their count is the number of retries. The default is Standard Webhooks' schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.",
  },
  WEBHOOK_DISABLE_AFTER_MS: {
    group: "outbox",
    meaning: "A webhook whose deliveries have all failed for this long is disabled (its owners are emailed when email is configured).",
  },
  WEBHOOK_CONCURRENCY: {
    group: "outbox",
    meaning: "Requests at once per webhook per instance (and to the SMTP server), for receivers that want more or fewer.",
  },
  OUTBOX_POLL_MS: {
    group: "outbox",
    meaning: "How often the outbox worker looks for due webhook and email deliveries. Rows written by its own instance wake it at once.",
  },
  OUTBOX_WORKER: {
    group: "outbox",
    meaning: "`off`: this instance sends nothing (the other instances do).",
  },
  OUTBOX_THREAD: {
    group: "outbox",
    meaning: "`off`: webhooks are claimed, built and sent on the app's own thread instead of the outbox thread (`lib/outbox/thread.ts`): about 20 MB less memory, slower under load.",
  },
  OUTBOX_THREAD_NICE: {
    group: "outbox",
    default: "`10` on PostgreSQL, `0` on SQLite",
    meaning: "The outbox thread's CPU priority on Linux, as a nice value of that thread alone: at 10 its deliveries run in the time the submissions leave. `0` runs it at the app's priority. SQLite's default is 0 because there the thread's claims hold the database's one write lock, and a descheduled holder would hold up every submission. Ignored on other systems.",
  },
  DELIVERY_LOG_RETENTION_DAYS: {
    group: "outbox",
    meaning: "Finished webhook and email deliveries (succeeded, or failed for good) are deleted this many days after their last attempt; `0` keeps them forever. Pending ones are never deleted. The rows hold respondent data, so keep this as short as your support needs allow.",
  },
  OUTBOX_PRUNE_MS: {
    group: "outbox",
    meaning: "How often each instance deletes the deliveries past that retention (and once a minute after it starts).",
  },
  STORAGE_URL: {
    group: "files",
    meaning: "Where uploads and form assets live: a folder (`file:<path>`; several instances must share it, e.g. one NFS or shared volume) or any S3-compatible store (`s3://bucket/prefix`; the bucket name has 3–63 lowercase letters, digits, dots or dashes).",
    takes: "`file:<path>` or `s3://bucket/prefix`",
  },
  S3_ENDPOINT: {
    group: "files",
    default: "unset: AWS",
    meaning: "The S3-compatible store's endpoint (MinIO, Garage, Cloudflare R2, …); such stores usually also want `S3_FORCE_PATH_STYLE=true`.",
    takes: "a URL, `https://s3.example.com`",
  },
  S3_REGION: {
    group: "files",
    meaning: "The store's region.",
    takes: "a region name",
  },
  S3_FORCE_PATH_STYLE: {
    group: "files",
    meaning: "`true` addresses the bucket in the path (`https://host/bucket/key`) rather than the host name, as most self-hosted S3-compatible stores need.",
  },
  AWS_ACCESS_KEY_ID: {
    group: "files",
    default: "the AWS SDK's credential chain",
    meaning: "The S3 access key.",
    takes: "an access key id",
  },
  AWS_SECRET_ACCESS_KEY: {
    group: "files",
    default: "the AWS SDK's credential chain",
    meaning: "The S3 secret key.",
    takes: "a secret access key",
  },
  UPLOAD_MAX_FILE_MB: {
    group: "files",
    meaning: "The largest file a file-upload question may allow (its own `maxFileSizeMB`, default 10, must be at most this).",
  },
  UPLOAD_MAX_FORM_MB: {
    group: "files",
    meaning: "All files of one form together, uploads and assets. Past it, uploads get 413 `storage_quota_exceeded`.",
  },
  CLAMAV_HOST: {
    group: "files",
    default: "unset: no scan",
    meaning: "A clamd to scan every upload (INSTREAM) before it can be attached: a file it flags is refused with 422 `file_rejected`; while clamd cannot be reached, uploads are refused with 503 `scanner_unavailable` rather than kept unscanned.",
    takes: "`host` or `host:port` (port default 3310)",
  },
  UPLOAD_PENDING_FORM_PERCENT: {
    group: "files",
    meaning: "The share of a form's `UPLOAD_MAX_FORM_MB` that pending uploads (files no finished response names yet) may take together. Past it, uploads get 413 `pending_uploads_exceeded` until some are submitted or expire, while the rest of the quota stays for files that responses are submitted with.",
  },
  UPLOAD_PENDING_ADDRESS_PERCENT: {
    group: "files",
    meaning: "The share of a form's `UPLOAD_MAX_FORM_MB` that the pending uploads from one client address may take, so that one client cannot use the whole pending budget. Respondents behind one address (an office's NAT) share it.",
  },
  UPLOAD_PENDING_MAX_AGE_MS: {
    group: "files",
    meaning: "An upload that no response names is removed this long after it was uploaded (at the next sweep), and stops counting against the pending budgets then.",
  },
  FILES_ORPHAN_MAX_AGE_MS: {
    group: "files",
    meaning: "Form assets that neither the draft nor the live version names are removed after this long.",
  },
  FILES_SWEEP_MS: {
    group: "files",
    meaning: "How often each instance sweeps orphan uploads. Every 6th sweep (and the first after a start) is thorough: it also removes files whose response or form is gone (left by a crash between a delete and its purge) and unnamed assets past the orphan age.",
  },
  NEXT_DIST_DIR: {
    group: "development",
    meaning: "The folder of the Next.js build that `npm run build` writes and `npm start` serves. `npm test` builds into `.next-test`, the bench into `.next-bench`, so neither disturbs a development build.",
    takes: "a folder",
  },
  MIGRATION_POSTGRES_URL: {
    group: "development",
    meaning: "A PostgreSQL server on which `npm run db:migration` diffs the PostgreSQL schema when it writes a migration.",
    takes: "`postgresql://…`",
  },
  TEST_DATABASE_URL: {
    group: "development",
    default: "unset: the PostgreSQL suite is skipped",
    meaning: "A PostgreSQL server on which `npm test` also runs the integration suite, beside the SQLite one; each run creates and drops its own database.",
    takes: "`postgresql://…`",
  },
} as const satisfies Record<SettingName, SettingDoc>;
