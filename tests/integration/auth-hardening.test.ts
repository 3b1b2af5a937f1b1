/**
 * Sign-in hardening over real HTTP: sessions that end on the server
 * (sign-out ends one device's session, a password change ends them all),
 * callbackUrl values that could answer 500 or leave the origin, and
 * registration that refuses a closed install before spending scrypt on it.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "@/lib/auth/accounts";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { baseUrl, createOwner, type Owner } from "../helpers/api";
import { sessionCookie } from "../helpers/session";
import { TEST_AUTH_SECRET } from "../setup/server";

const root = path.resolve(import.meta.dirname, "../..");

async function get(pathname: string, cookie?: string) {
  const res = await fetch(baseUrl() + pathname, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** next-auth's sign-out as the dashboard's button does it (csrf token, then POST). */
async function signOut(cookie: string) {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = [cookie, ...csrf.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const res = await fetch(`${baseUrl()}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, origin: baseUrl() },
    body: new URLSearchParams({ csrfToken, json: "true" }),
    redirect: "manual",
  });
  expect(res.status).toBe(200);
}

/** `admin set-password` as an operator runs it, on the suite's database. */
function adminSetPassword(email: string, password: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), "set-password", "--email", email, "--password", password], { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const apiStatus = async (cookie: string) => (await get("/api/forms", cookie)).status;

describe("sessions end on the server", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createOwner();
  });

  it("sign-out ends that session at once (a copied cookie is refused) and leaves the other devices signed in", async () => {
    const laptop = await sessionCookie(owner.email, owner.password);
    const phone = await sessionCookie(owner.email, owner.password);
    expect(await db.session.count({ where: { userId: owner.userId } })).toBe(2);
    expect(await apiStatus(laptop)).toBe(200);

    await signOut(laptop);
    expect(await apiStatus(laptop)).toBe(401);
    expect(await get("/forms", laptop)).toMatchObject({ status: 307, location: expect.stringMatching(/\/login(\?|$)/) });
    expect(await get("/api/auth/session", laptop)).toMatchObject({ status: 200, text: "{}" });
    // The login page offers to sign in again instead of bouncing the dead session to /forms.
    expect((await get("/login", laptop)).status).toBe(200);

    expect(await apiStatus(phone)).toBe(200);
    expect((await get("/forms", phone)).status).toBe(200);
    expect(await db.session.count({ where: { userId: owner.userId } })).toBe(1);
  });

  it("a password change (admin set-password) ends every session of the user, and only that user's", async () => {
    const other = await createOwner();
    const otherCookie = await sessionCookie(other.email, other.password);
    const devices = [await sessionCookie(owner.email, owner.password), await sessionCookie(owner.email, owner.password)];
    for (const cookie of devices) expect(await apiStatus(cookie)).toBe(200);

    const run = await adminSetPassword(owner.email, "a brand new passphrase");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ended [1-9]\d* sessions/);
    for (const cookie of devices) {
      expect(await apiStatus(cookie)).toBe(401);
      expect((await get("/keys", cookie)).status).toBe(307);
    }
    expect(await apiStatus(otherCookie)).toBe(200);
    await expect(sessionCookie(owner.email, owner.password)).rejects.toThrow(/sign-in failed/);
    expect(await apiStatus(await sessionCookie(owner.email, "a brand new passphrase"))).toBe(200);
  }, 60_000);

  it("refuses a validly signed cookie that names no stored session (from an older install, or forged)", async () => {
    const secret = TEST_AUTH_SECRET;
    for (const token of [{ sub: owner.userId }, { sub: owner.userId, sid: "not-a-session" }]) {
      const cookie = `next-auth.session-token=${await encode({ token, secret })}`;
      expect(await apiStatus(cookie)).toBe(401);
      expect((await get("/forms", cookie)).status).toBe(307);
    }
    // Another user's live session id under this user's id is no better.
    const other = await createOwner();
    await sessionCookie(other.email, other.password);
    const row = await db.session.findFirstOrThrow({ where: { userId: other.userId } });
    expect(await apiStatus(`next-auth.session-token=${await encode({ token: { sub: owner.userId, sid: row.id }, secret })}`)).toBe(401);
  });
});

describe("callbackUrl on the sign-in page, signed in", () => {
  let cookie: string;
  beforeAll(async () => {
    const owner = await createOwner();
    cookie = await sessionCookie(owner.email, owner.password);
  });

  // Each, taken as given, would answer 500 (an invalid Location header) or leave the origin.
  it.each([
    ["/forms/ü?q=é#ß", "/forms/%C3%BC?q=%C3%A9#%C3%9F"],
    ["/keys\u2028x", "/keys%E2%80%A8x"],
    ["/keys\r\nSet-Cookie: x=1", "/keysSet-Cookie:%20x=1"],
    ["/\u0000x", "/%00x"],
    ["/\t/evil.example", "/forms"],
    ["/\\evil.example", "/forms"],
    ["//evil.example/", "/forms"],
    ["/.//evil.example", "/forms"],
    ["https://evil.example/forms", "/forms"],
    ["javascript:alert(1)", "/forms"],
    ["/keys", "/keys"],
  ])("%j → a redirect to our own %j", async (value, expected) => {
    const res = await get(`/login?callbackUrl=${encodeURIComponent(value)}`, cookie);
    expect(res.status).toBe(307);
    const target = new URL(res.location!, baseUrl());
    expect(target.origin).toBe(baseUrl());
    expect(target.pathname + target.search + target.hash).toBe(expected);
  });
});

describe("callbackUrl through next-auth's own routes", () => {
  it("is kept to our origin (the redirect callback is safeCallbackUrl)", async () => {
    for (const value of ["/\t/evil.example", "https://evil.example/", "/.//evil.example"]) {
      const res = await get(`/api/auth/signin?callbackUrl=${encodeURIComponent(value)}`);
      expect(res.status).toBe(302);
      const login = new URL(res.location!, baseUrl());
      expect(login.pathname).toBe("/login");
      const target = new URL(login.searchParams.get("callbackUrl")!, baseUrl());
      expect(target.origin).toBe(baseUrl());
      expect(target.pathname).toBe("/forms");
    }
  });
});

describe("registration on a closed install", () => {
  afterEach(() => {
    delete process.env.ALLOW_SIGNUP;
  });

  it("is refused before the password is hashed", async () => {
    const calls: string[] = [];
    const hash = async (password: string) => (calls.push(password), "scrypt$not-a-real-hash");
    const refused = await registerAccount({ email: "late@example.test", password: "a long passphrase" }, hash).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("forbidden");
    expect(calls).toEqual([]);
    // The control: while registration is open the same call does hash.
    process.env.ALLOW_SIGNUP = "true";
    const email = `open-${Date.now()}@example.test`;
    await registerAccount({ email, password: "a long passphrase" }, hash);
    expect(calls).toEqual(["a long passphrase"]);
    await db.user.delete({ where: { email } });
  });
});
