import { describe, expect, it } from "vitest";
import { describeSmtp, mailConfig, parseMailbox, redact } from "@/lib/email/config";
import { notificationSettingsSchema } from "@/lib/email/notification-schema";
import { ownerNotification, recall, recalledKeys, respondentConfirmation, type ResponseForMail } from "@/lib/email/render";
import type { Question } from "@/lib/schema/form-schema";

const questions: Question[] = [
  { key: "name", type: "short-text", title: "Your <name>" },
  { key: "email", type: "email", title: "Email" },
  { key: "likes", type: "multiple-choice", title: "Likes", options: ["A & B", "C"] },
  { key: "ok", type: "yes-no", title: "OK?" },
  { key: "intro", type: "statement", title: "Hello" },
  { key: "src", type: "hidden" },
];

const response = (answers: ResponseForMail["answers"], metadata: Record<string, string> = {}): ResponseForMail => ({
  formTitle: 'Lunch "poll" <b>',
  questions,
  answers,
  metadata,
  submittedAt: new Date("2026-11-24T10:05:00Z"),
});

describe("recall", () => {
  it("fills {{key}} and {{ key }} with the answer's text; unknown and unanswered keys become empty", () => {
    const r = response({ name: "Ada", likes: ["A & B", "C"], ok: true }, { src: "mail" });
    expect(recall("Hi {{name}}, {{ likes }} / {{ok}} / {{src}} / [{{email}}] [{{nope}}]", r)).toBe("Hi Ada, A & B, C / Yes / mail / [] []");
    expect(recalledKeys("{{a}} {{ b-c }} {{1x}} {{}}")).toEqual(["a", "b-c"]);
  });

  it("never reads inherited properties as answers", () => {
    expect(recall("[{{constructor}}] [{{toString}}]", response({}))).toBe("[] []");
  });
});

describe("owner notification", () => {
  it("escapes every answer and title in HTML and keeps them plain in text", () => {
    const mail = ownerNotification(response({ name: "<script>alert(1)</script>", email: "a@b.test" }), "https://forms.test/forms/f1/responses?response=r1");
    expect(mail.subject).toBe('New response to "Lunch "poll" <b>"');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Your &lt;name&gt;");
    expect(mail.html).toContain("Lunch &quot;poll&quot; &lt;b&gt;");
    expect(mail.html).toContain('href="https://forms.test/forms/f1/responses?response=r1"');
    expect(mail.text).toContain("Your <name>\n  <script>alert(1)</script>");
    expect(mail.text).toContain("Open it in Formloom: https://forms.test/forms/f1/responses?response=r1");
    expect(mail.text).not.toContain("Hello"); // statements are not answers
  });
});

describe("respondent confirmation", () => {
  it("recalls answers into a one-line subject and an escaped message", () => {
    const mail = respondentConfirmation(response({ name: "Eve\r\nBcc: victim@x.test <i>" }), {
      subject: "Thanks {{name}}",
      message: "Dear {{name}},\n\nsee you.",
    });
    expect(mail.subject).toBe("Thanks Eve Bcc: victim@x.test <i>");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain("<p>Dear Eve<br>Bcc: victim@x.test &lt;i&gt;,</p>");
    expect(mail.html).toContain("<p>see you.</p>");
    expect(mail.text).toBe("Dear Eve\r\nBcc: victim@x.test <i>,\n\nsee you.\n");
  });

  it("falls back to a default subject when the owner's is empty", () => {
    expect(respondentConfirmation(response({}), { subject: "", message: "Hi" }).subject).toBe('Thank you for your response to "Lunch "poll" <b>"');
  });
});

describe("configuration", () => {
  it("is off without SMTP_URL and never shows the password", () => {
    expect(mailConfig({})).toBeNull();
    const config = mailConfig({ SMTP_URL: "smtp://user:p%40ss@mail.test:587", MAIL_FROM: "Forms <forms@example.test>" });
    expect(config?.from).toEqual({ name: "Forms", address: "forms@example.test" });
    expect(config?.description).toBe("smtp://user:***@mail.test:587");
    expect(describeSmtp("smtp://u:secret@h:25")).not.toContain("secret");
    expect(redact("auth failed for p%40ss and p@ss", "smtp://user:p%40ss@mail.test:587")).toBe("auth failed for *** and ***");
  });

  it("defaults MAIL_FROM to no-reply at the dashboard's host and refuses a bad one", () => {
    expect(mailConfig({ SMTP_URL: "smtp://h:25", NEXTAUTH_URL: "https://forms.example.org" })?.from.address).toBe("no-reply@forms.example.org");
    expect(mailConfig({ SMTP_URL: "smtp://h:25", MAIL_FROM: "not an address" })).toBeNull();
    expect(mailConfig({ SMTP_URL: "http://h:25" })).toBeNull();
    expect(parseMailbox("a@b.test\r\nBcc: x@y.test")).toBeNull();
  });
});

describe("settings input", () => {
  it("refuses bad addresses, duplicates, multi-line subjects and an enabled confirmation without question or message", () => {
    expect(notificationSettingsSchema.safeParse({ recipients: ["a@b.test", "A@b.test"] }).success).toBe(false);
    expect(notificationSettingsSchema.safeParse({ recipients: ["a@b.test\nBcc: c@d.test"] }).success).toBe(false);
    expect(notificationSettingsSchema.safeParse({ recipients: [], confirmation: { enabled: false, subject: "a\r\nb" } }).success).toBe(false);
    const enabled = notificationSettingsSchema.safeParse({ recipients: [], confirmation: { enabled: true } });
    expect(enabled.success ? [] : enabled.error.issues.map((i) => i.path.join("."))).toEqual(["confirmation.questionKey", "confirmation.message"]);
    expect(notificationSettingsSchema.safeParse({ recipients: [], extra: 1 }).success).toBe(false);
    expect(notificationSettingsSchema.parse({ recipients: ["a@b.test"] })).toEqual({ recipients: ["a@b.test"] });
  });
});
