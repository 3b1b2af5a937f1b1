/**
 * Dashboard sign-in over real HTTP: the first-owner setup (race-safe, then
 * closed; blank-looking and common passwords refused), ALLOW_SIGNUP, login rate limits per email and per IP, the session
 * reaching the form API, and the pages' redirects. Setup needs an empty
 * database, so those tests start their own servers on fresh databases.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { insertAccount } from "@/lib/auth/accounts";
import { LOGIN_WINDOW_MS } from "@/lib/auth/login-limit";
import { BLANK_PASSWORD, COMMON_PASSWORD } from "@/lib/auth/password-policy";
import { createUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";
import { SerializedSqliteAdapterFactory } from "@/lib/db/sqlite-adapter";
import { sqliteFilePath } from "@/lib/db/url";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/http/errors";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { baseUrl } from "../helpers/api";
import { inOneWindow } from "../helpers/rate-window";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const password = "correct horse battery staple";
const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString("hex")}@example.test`;

/** The sign-ins of a limit's test must count in one window of the login limit (a run that crossed a window's end saw the 11th let through). */
const inOneLoginWindow = <T>(steps: () => Promise<T>) => inOneWindow(LOGIN_WINDOW_MS, steps);

/** next-auth's credentials sign-in as the browser does it: the session cookie, or next-auth's error code/message. */
async function signIn(base: string, email: string, pass: string, ip?: string): Promise<{ cookie: string | null; error: string | null; status: number }> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    // The client's address, on a server that trusts one proxy hop.
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, ...(ip && { "x-forwarded-for": ip }) },
    body: new URLSearchParams({ csrfToken, email, password: pass, json: "true" }),
    redirect: "manual",
  });
  const body = (await res.json()) as { url: string };
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  return { cookie: session ? session.split(";")[0] : null, error: new URL(body.url).searchParams.get("error"), status: res.status };
}

const postSetup = (base: string, body: unknown) =>
  fetch(`${base}/api/setup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const location = async (url: string, cookie?: string) => {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get("location") };
};

describe("first-owner setup on an empty database", () => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase(kind, "setup");
    server = await startServer(database.url);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("sends the first visit to /setup, and refuses a short password with the schema's message", async () => {
    expect(await location(`${server.baseUrl}/`)).toMatchObject({ status: 307, location: expect.stringMatching(/\/setup$/) });
    expect(await location(`${server.baseUrl}/login`)).toMatchObject({ status: 307, location: expect.stringMatching(/\/setup$/) });
    const res = await postSetup(server.baseUrl, { email: "owner@example.test", password: "short" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toEqual([{ path: "password", message: "Use at least 8 characters" }]);
  });

  it("refuses blank-looking and common passwords, saying why, and creates nobody", async () => {
    for (const [pass, message] of [
      ["        ", BLANK_PASSWORD],
      ["\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b", BLANK_PASSWORD],
      ["\u00a0\u3000 abc \ufeff\u202e\u3164 ", BLANK_PASSWORD],
      ["password", COMMON_PASSWORD],
      ["12345678", COMMON_PASSWORD],
      ["Pass Word1", COMMON_PASSWORD],
    ]) {
      const res = await postSetup(server.baseUrl, { email: "owner@example.test", password: pass });
      expect(res.status, JSON.stringify(pass)).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.details).toEqual([{ path: "password", message }]);
    }
    // Still a fresh install: nobody was created.
    expect(await location(`${server.baseUrl}/login`)).toMatchObject({ status: 307, location: expect.stringMatching(/\/setup$/) });
  });

  it("creates exactly one owner when eight setups race, then closes", async () => {
    const emails = Array.from({ length: 8 }, (_, i) => uniqueEmail(`racer${i}`));
    const results = await Promise.all(emails.map((email) => postSetup(server.baseUrl, { email, password })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    const loser = results.find((r) => r.status === 403)!;
    expect((await loser.json()).error.code).toBe("forbidden");
    const winner = emails[statuses.indexOf(201)];

    // Only the winner's account exists: every other email fails to sign in.
    for (const email of emails) {
      const attempt = await signIn(server.baseUrl, email, password);
      if (email === winner) expect(attempt.cookie).toBeTruthy();
      else expect(attempt.error).toBe("CredentialsSignin");
    }
    // Setup is gone: the API refuses, the page redirects to sign-in.
    expect((await postSetup(server.baseUrl, { email: uniqueEmail("late"), password })).status).toBe(403);
    expect(await location(`${server.baseUrl}/setup`)).toMatchObject({ status: 307, location: expect.stringMatching(/\/login$/) });
    expect((await location(`${server.baseUrl}/signup`)).status).toBe(404);
   }, 180_000); // 8 + 8 scrypt hashes (128 MiB each) on a shared 2-core machine
});

describe("the first-owner insert itself, racing without the HTTP and hashing in between", () => {
  // Over HTTP the slow password hash staggers the requests, so their
  // transactions rarely overlap; here eight start together for real.
  let database: TestDatabase;
  let client: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind, "owner-race");
    client = (kind === "postgresql"
      ? new PostgresClient({ adapter: new PrismaPg({ connectionString: database.url }) })
      : new SqliteClient({ adapter: new SerializedSqliteAdapterFactory({ file: sqliteFilePath(database.url), busyTimeoutMs: 10_000, synchronous: "NORMAL" }) })) as unknown as Db;
  });
  afterAll(async () => {
    await client?.$disconnect();
    await database?.drop();
  });

  it("lets exactly one of eight concurrent inserts create the owner", async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => insertAccount(uniqueEmail(`insert${i}`), "scrypt$not-a-real-hash", client)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.reason).toBeInstanceOf(AppError);
    expect(refused.map((r) => (r.reason as AppError).code)).toEqual(Array(7).fill("forbidden"));
    expect(await client.user.count()).toBe(1);
  });
});

describe("ALLOW_SIGNUP=true, and the sign-in limits", () => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase(kind, "signup");
    // LOGIN_RATE_LIMIT=2: two failures per email from one address, twenty per email from all
    // addresses, ten per address over all emails, per 15 minutes. One trusted proxy hop, so a
    // test can speak from several addresses.
    server = await startServer(database.url, { ALLOW_SIGNUP: "true", LOGIN_RATE_LIMIT: "2", TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("lets more people register, one account per email", async () => {
    const first = uniqueEmail("first");
    expect((await postSetup(server.baseUrl, { email: first, password })).status).toBe(201);
    expect((await postSetup(server.baseUrl, { email: uniqueEmail("second"), password })).status).toBe(201);
    const again = await postSetup(server.baseUrl, { email: first.toUpperCase(), password });
    expect(again.status).toBe(409);
    expect((await again.json()).error.details[0].path).toBe("email");
    expect((await location(`${server.baseUrl}/signup`)).status).toBe(200);
  });

  it("blocks an IP after its limit, whatever the email", { timeout: 240_000 }, async () => {
    await inOneLoginWindow(async () => {
      const errors: (string | null)[] = [];
      for (let i = 0; i < 11; i++) errors.push((await signIn(server.baseUrl, uniqueEmail(`ip${i}`), "wrong password")).error);
      expect(errors.slice(0, 10).every((e) => e === "CredentialsSignin")).toBe(true);
      expect(errors[10]).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    });
  });

  const account = async (label: string) => {
    const email = uniqueEmail(label);
    expect((await postSetup(server.baseUrl, { email, password })).status).toBe(201);
    return email;
  };

  it("counts only failures: signing in again and again never locks an account", { timeout: 240_000 }, async () => {
    const email = await account("often");
    await inOneLoginWindow(async () => {
      for (let i = 0; i < 5; i++) expect((await signIn(server.baseUrl, email, password, "198.51.100.1")).cookie, `sign-in ${i + 1}`).toBeTruthy();
      // One failure after them is still within the limit of two.
      expect((await signIn(server.baseUrl, email, "wrong", "198.51.100.1")).error).toBe("CredentialsSignin");
      expect((await signIn(server.baseUrl, email, password, "198.51.100.1")).cookie).toBeTruthy();
    });
  });

  it("failures from one address do not lock the owner out from another; refused attempts count for nothing", { timeout: 240_000 }, async () => {
    const email = await account("targeted");
    const attacker = "203.0.113.7";
    await inOneLoginWindow(async () => {
      for (let i = 0; i < 2; i++) expect((await signIn(server.baseUrl, email, `guess ${i}`, attacker)).error).toBe("CredentialsSignin");
      // The attacker's address is stopped, even with the right password.
      for (let i = 0; i < 25; i++) expect((await signIn(server.baseUrl, email, `guess ${i}`, attacker)).error).toMatch(/^Too many sign-in attempts/);
      expect((await signIn(server.baseUrl, email, password, attacker)).cookie).toBeNull();
      // The owner, from their own address, gets in: the 25 refused attempts did not use up the email's limit.
      expect((await signIn(server.baseUrl, email, password, "198.51.100.2")).cookie).toBeTruthy();
    });
  });

  it("still stops guessing one email from many addresses (its looser limit)", { timeout: 300_000 }, async () => {
    const email = await account("spread");
    await inOneLoginWindow(async () => {
      for (let i = 0; i < 20; i++) expect((await signIn(server.baseUrl, email, `guess ${i}`, `203.0.113.${100 + Math.floor(i / 2)}`)).error).toBe("CredentialsSignin");
      const blocked = await signIn(server.baseUrl, email, password, "198.51.100.3");
      expect(blocked.cookie).toBeNull();
      expect(blocked.error).toMatch(/^Too many sign-in attempts/);
    });
  });
});

describe("sign-in on the suite's server", () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail("signin");
    await createUser({ email, password });
  });

  it("signs in with the right password only (the email is case-insensitive)", async () => {
    expect((await signIn(baseUrl(), email, "wrong password")).error).toBe("CredentialsSignin");
    const ok = await signIn(baseUrl(), email.toUpperCase(), password);
    expect(ok.error).toBeNull();
    expect(ok.cookie).toMatch(/^next-auth\.session-token=/);
  });

  it("limits failed attempts per email from one address (10 per 15 minutes), even with the right password after that", { timeout: 240_000 }, async () => {
    const target = uniqueEmail("limited");
    await createUser({ email: target, password });
    await inOneLoginWindow(async () => {
      for (let i = 0; i < 10; i++) expect((await signIn(baseUrl(), target, `wrong ${i}`)).error).toBe("CredentialsSignin");
      const blocked = await signIn(baseUrl(), target, password);
      expect(blocked.cookie).toBeNull();
      expect(blocked.error).toMatch(/^Too many sign-in attempts/);
      // Another email from the same IP is unaffected.
      expect((await signIn(baseUrl(), email, password)).cookie).toBeTruthy();
    });
  });

  it("gives a session that reaches the form API; changes must come from the same origin", async () => {
    const { cookie } = await signIn(baseUrl(), email, password);
    const list = await fetch(`${baseUrl()}/api/forms`, { headers: { cookie: cookie! } });
    expect(list.status).toBe(200);
    const body = JSON.stringify({ title: "From the dashboard" });
    const crossSite = await fetch(`${baseUrl()}/api/forms`, { method: "POST", headers: { cookie: cookie!, "content-type": "application/json", origin: "https://evil.example" }, body });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await fetch(`${baseUrl()}/api/forms`, { method: "POST", headers: { cookie: cookie!, "content-type": "application/json", origin: baseUrl() }, body });
    expect(sameOrigin.status).toBe(201);
  });

  it("redirects dashboard pages to /login without a session and serves them with one", async () => {
    for (const path of ["/forms", "/keys", "/forms/anything"]) {
      expect(await location(`${baseUrl()}${path}`)).toMatchObject({ status: 307, location: expect.stringMatching(/\/login(\?|$)/) });
    }
    const { cookie } = await signIn(baseUrl(), email, password);
    expect((await location(`${baseUrl()}/forms`, cookie!)).status).toBe(200);
    expect((await location(`${baseUrl()}/keys`, cookie!)).status).toBe(200);
    expect(await location(`${baseUrl()}/`, cookie!)).toMatchObject({ status: 307, location: expect.stringMatching(/\/forms$/) });
    expect(await location(`${baseUrl()}/`)).toMatchObject({ status: 307, location: expect.stringMatching(/\/login$/) });
    // Another owner's form (or a missing one) is the 404 page, not a leak.
    expect((await location(`${baseUrl()}/forms/not-a-real-id`, cookie!)).status).toBe(404);
  });
});
