/**
 * Email notifications end to end: a server of its own with SMTP_URL pointing
 * at a real SMTP server started here (smtp-server), responses submitted over
 * HTTP, and what arrived read back with mailparser. Runs on SQLite, and on
 * PostgreSQL with TEST_DB=postgresql.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../helpers/smtp-server";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
let database: TestDatabase;
let server: RunningServer;
let smtp: TestSmtpServer;
let key: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createTestDatabase(kind, "email");
  key = createOwnerKey(database.url);
  server = await startServer(database.url, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Formloom Tests <forms@example.test>",
    WEBHOOK_RETRY_DELAYS_MS: "500,500,500",
    OUTBOX_POLL_MS: "100",
    SUBMISSION_RATE_LIMIT: "0",
    // The webhook receiver of the "webhook disabled" case listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await smtp?.close();
});

async function call(method: string, path: string, body?: unknown, auth = true) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: { ...(auth && { authorization: `Bearer ${key}` }), ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

const questions = [
  { key: "name", type: "short-text", title: "Your <name>" },
  { key: "mail", type: "email", title: "Email" },
  { key: "notes", type: "long-text", title: "Notes" },
  { key: "src", type: "hidden" },
];

async function formWith(settings: unknown) {
  const created = await call("POST", "/api/forms", { title: `Lunch & <friends> ${randomBytes(3).toString("hex")}` });
  const id = created.body.form.id as string;
  expect((await call("PUT", `/api/forms/${id}/version/draft`, { title: created.body.form.title, questions })).status).toBe(200);
  const published = await call("POST", `/api/forms/${id}/publish`);
  expect(published.status).toBe(200);
  if (settings) {
    const saved = await call("PUT", `/api/forms/${id}/notifications`, settings);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.notifications.emailConfigured).toBe(true);
  }
  return { id, slug: published.body.form.slug as string, title: created.body.form.title as string };
}

async function submit(slug: string, answers: Record<string, unknown>) {
  const res = await call("POST", `/api/public/forms/${slug}/responses`, { answers }, false);
  expect(res.status, res.text).toBe(201);
  return res.body.response.id as string;
}

const to = (mail: ReceivedMail) => mail.envelopeTo.join(",");
const about = (text: string) => (mails: ReceivedMail[]) => mails.filter((m) => (m.parsed.text ?? "").includes(text) || (m.parsed.subject ?? "").includes(text));

describe("owner notification", () => {
  it("sends the owner's recipients a summary with every answer escaped and a link to the response", async () => {
    const form = await formWith({ recipients: ["team@example.test", "boss@example.test"] });
    const marker = `marker-${randomBytes(4).toString("hex")}`;
    const responseId = await submit(form.slug, { name: `<script>alert(1)</script> & ${marker}`, mail: "ada@example.test", notes: "line one\nline two", src: "newsletter" });

    const [mail] = about(marker)(await smtp.waitFor((m) => about(marker)(m).length > 0));
    expect(mail.envelopeTo.sort()).toEqual(["boss@example.test", "team@example.test"]);
    expect(mail.envelopeFrom).toBe("forms@example.test");
    expect(mail.parsed.from?.value).toEqual([{ address: "forms@example.test", name: "Formloom Tests" }]);
    expect(mail.parsed.subject).toBe(`New response to "${form.title}"`);
    const link = `${server.baseUrl}/forms/${form.id}/responses?response=${responseId}`;
    expect(mail.parsed.text).toContain(`Your <name>\n  <script>alert(1)</script> & ${marker}`);
    expect(mail.parsed.text).toContain("Notes\n  line one\n  line two");
    expect(mail.parsed.text).toContain("newsletter");
    expect(mail.parsed.text).toContain(`Open it in Formloom: ${link}`);
    const html = String(mail.parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).toContain(`&lt;script&gt;alert(1)&lt;/script&gt; &amp; ${marker}`);
    expect(html).toContain("Your &lt;name&gt;");
    expect(html).toContain(`href="${link}"`);
    // The password of SMTP_URL never reaches the server's log.
    expect(server.output()).not.toContain("s3cret-pass");
  });
});

describe("respondent confirmation", () => {
  it("goes to the address answered in the email question, with recalled answers escaped", async () => {
    const form = await formWith({
      recipients: [],
      confirmation: { enabled: true, questionKey: "mail", subject: "Thanks {{name}}!", message: "Dear {{ name }},\n\nwe got: {{notes}}\n\nSee you." },
    });
    const address = `resp-${randomBytes(4).toString("hex")}@example.test`;
    await submit(form.slug, { name: "Eve <i>&</i>\r\nBcc: victim@example.test", mail: address, notes: "<b>bold</b>" });

    const [mail] = (await smtp.waitFor((m) => m.some((x) => to(x) === address))).filter((x) => to(x) === address);
    expect(mail.envelopeTo).toEqual([address]);
    expect(mail.parsed.bcc).toBeUndefined();
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
    expect(headers).not.toMatch(/^bcc:/im);
    expect(headers.match(/^subject:.*$/gim)).toHaveLength(1);
    expect(mail.parsed.subject).toBe("Thanks Eve <i>&</i> Bcc: victim@example.test!");
    expect(mail.parsed.text).toBe("Dear Eve <i>&</i>\nBcc: victim@example.test,\n\nwe got: <b>bold</b>\n\nSee you.\n");
    const html = String(mail.parsed.html);
    expect(html).toContain("<p>Dear Eve &lt;i&gt;&amp;&lt;/i&gt;<br>Bcc: victim@example.test,</p>");
    expect(html).toContain("<p>we got: &lt;b&gt;bold&lt;/b&gt;</p>");
    expect(smtp.received.some((m) => m.envelopeTo.includes("victim@example.test"))).toBe(false);
  });

  it("sends nothing to the respondent who left the email question empty", async () => {
    const form = await formWith({ recipients: ["owner-copy@example.test"], confirmation: { enabled: true, questionKey: "mail", message: "Hi {{name}}" } });
    const marker = `noaddr-${randomBytes(4).toString("hex")}`;
    await submit(form.slug, { name: marker });
    await smtp.waitFor((m) => about(marker)(m).length > 0); // the owner's copy went out, so the outbox has handled this response
    await new Promise((r) => setTimeout(r, 500));
    expect(about(marker)(smtp.received).map(to)).toEqual(["owner-copy@example.test"]);
  });
});

describe("retries", () => {
  it("sends again after the SMTP server refuses once with 451, and delivers exactly one copy", async () => {
    const form = await formWith({ recipients: ["retry@example.test"] });
    const marker = `retry-${randomBytes(4).toString("hex")}`;
    const refusedBefore = smtp.refused();
    smtp.refuseNext(1);
    await submit(form.slug, { name: marker });
    const mails = about(marker)(await smtp.waitFor((m) => about(marker)(m).length > 0));
    expect(smtp.refused()).toBe(refusedBefore + 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(about(marker)(smtp.received)).toHaveLength(1);
    expect(mails[0].parsed.messageId).toMatch(/^<msg_.+@example\.test>$/);
  });
});

describe("notifications off", () => {
  it("drops a queued notification when notifications are turned off before it could be sent", async () => {
    const form = await formWith({ recipients: ["late@example.test"] });
    const marker = `dropped-${randomBytes(4).toString("hex")}`;
    const refusedBefore = smtp.refused();
    smtp.refuseNext(1_000);
    await submit(form.slug, { name: marker });
    for (const deadline = Date.now() + 10_000; smtp.refused() === refusedBefore; ) {
      if (Date.now() > deadline) throw new Error("the first attempt never reached the SMTP server");
      await new Promise((r) => setTimeout(r, 20));
    }
    // Queued, refused once, waiting for its retry: now the owner turns notifications off.
    expect((await call("PUT", `/api/forms/${form.id}/notifications`, { recipients: [] })).status).toBe(200);
    smtp.refuseNext(0);
    const refusedAtOff = smtp.refused();
    const loud = await formWith({ recipients: ["sentinel@example.test"] });
    const sentinel = `sentinel-${randomBytes(4).toString("hex")}`;
    await submit(loud.slug, { name: sentinel });
    await smtp.waitFor((m) => about(sentinel)(m).length > 0);
    await new Promise((r) => setTimeout(r, 1_500)); // past the dropped one's retry (500 ms)
    expect(about(marker)(smtp.received)).toEqual([]);
    expect(smtp.refused()).toBe(refusedAtOff);
  });


  it("sends no email for a form without settings, nor for one whose recipients and confirmation are off", async () => {
    const silent = await formWith(null);
    const emptied = await formWith({ recipients: ["was@example.test"] });
    expect((await call("PUT", `/api/forms/${emptied.id}/notifications`, { recipients: [], confirmation: { enabled: false } })).status).toBe(200);
    const loud = await formWith({ recipients: ["sentinel@example.test"] });
    const quiet = `quiet-${randomBytes(4).toString("hex")}`;
    const sentinel = `sentinel-${randomBytes(4).toString("hex")}`;
    await submit(silent.slug, { name: quiet, mail: "a@example.test" });
    await submit(emptied.slug, { name: quiet, mail: "b@example.test" });
    // A response submitted after them arrives: the outbox has come past the two quiet ones.
    await submit(loud.slug, { name: sentinel });
    await smtp.waitFor((m) => about(sentinel)(m).length > 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(about(quiet)(smtp.received)).toEqual([]);
  });
});

describe("webhook disabled", () => {
  let gone: Server;
  afterAll(() => new Promise<void>((resolve) => (gone ? gone.close(() => resolve()) : resolve())));

  it("tells the form's owner by email which webhook was disabled and why", async () => {
    gone = createServer((req, res) => req.resume().on("end", () => res.writeHead(410).end("gone for good")));
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/hook`;
    const form = await formWith(null);
    const created = await call("POST", `/api/forms/${form.id}/webhooks`, { url });
    expect(created.status, created.text).toBe(201);
    await submit(form.slug, { name: "anyone" });

    const subject = `Webhook disabled on "${form.title}"`;
    const [mail] = (await smtp.waitFor((m) => m.some((x) => x.parsed.subject === subject))).filter((x) => x.parsed.subject === subject);
    expect(mail.envelopeTo).toHaveLength(1);
    expect(mail.envelopeTo[0]).toMatch(/^owner-[0-9a-f]+@example\.test$/);
    expect(mail.parsed.text).toContain(`The webhook ${url} of your form "${form.title}" was disabled: The receiver answered 410 Gone`);
    expect(mail.parsed.text).toContain(`${server.baseUrl}/forms/${form.id}/integrations`);
    expect(String(mail.parsed.html)).toContain("Lunch &amp; &lt;friends&gt;");
    const hook = await call("GET", `/api/forms/${form.id}/webhooks/${created.body.webhook.id}`);
    expect(hook.body.webhook).toMatchObject({ enabled: false, disabledReason: "The receiver answered 410 Gone" });
  });

  it("mails a workspace invitation with its link (the token only in the mail and the answer)", async () => {
    const workspaceId = (await call("GET", "/api/workspaces")).body.workspaces[0].id;
    const address = `invitee-${randomBytes(4).toString("hex")}@example.test`;
    const created = await call("POST", `/api/workspaces/${workspaceId}/invitations`, { email: address, role: "editor" });
    expect(created.status).toBe(201);
    expect(created.body.invitation.emailed).toBe(true);
    const [mail] = (await smtp.waitFor((m) => m.some((x) => to(x) === address))).filter((x) => to(x) === address);
    expect(mail.envelopeTo).toEqual([address]);
    expect(mail.parsed.subject).toBe('You are invited to "Personal" on Formloom');
    expect(mail.parsed.text).toContain(created.body.invitation.url);
    expect(mail.parsed.text).toContain("as editor");
  });
});
