/**
 * GET/PUT /api/forms/:id/notifications over HTTP against the suite's server
 * (which has no SMTP_URL: the settings are kept, `emailConfigured` says email
 * is off).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { notificationSettingsViewSchema } from "@/lib/email/notification-schema";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { submit } from "../helpers/responses";

let owner: Owner;
let formId: string;
const path = () => `/api/forms/${formId}/notifications`;

beforeAll(async () => {
  owner = await createOwner();
  ({ id: formId } = await publishedForm(owner, {
    questions: [
      { key: "name", type: "short-text", title: "Name" },
      { key: "mail", type: "email", title: "Your email" },
      { key: "intro", type: "statement", title: "Hi" },
    ],
  }));
});

const valid = {
  recipients: ["team@example.test", "boss@example.test"],
  confirmation: { enabled: true, questionKey: "mail", subject: "Thanks {{name}}", message: "Hello {{ name }},\n\nwe got it." },
};

describe("notification settings", () => {
  it("answers the defaults before anything is saved, and says email is not configured", async () => {
    const res = await owner.readApi.get(path());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      notifications: { emailConfigured: false, recipients: [], confirmation: { enabled: false, questionKey: null, subject: "", message: "" }, updatedAt: null },
    });
    expect(z.strictObject({ notifications: notificationSettingsViewSchema }).safeParse(res.body).success).toBe(true);
  });

  it("saves and reads back (PUT replaces; omitted confirmation is off)", async () => {
    const saved = await owner.api.put(path(), valid);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.notifications).toMatchObject({ emailConfigured: false, ...valid, updatedAt: expect.any(String) });
    expect((await owner.api.get(path())).body).toEqual(saved.body);

    const replaced = await owner.api.put(path(), { recipients: ["only@example.test"] });
    expect(replaced.body.notifications).toMatchObject({ recipients: ["only@example.test"], confirmation: { enabled: false, questionKey: null, subject: "", message: "" } });
    expect(await db.formNotification.count({ where: { formId } })).toBe(1);
  });

  it("refuses bad input with 400 and field paths, and writes nothing", async () => {
    await owner.api.put(path(), valid);
    const before = await db.formNotification.findUnique({ where: { formId } });
    const cases: [unknown, string][] = [
      [{ recipients: ["not-an-address"] }, "recipients.0"],
      [{ recipients: ["a@example.test\r\nBcc: victim@example.test"] }, "recipients.0"],
      [{ recipients: ["a@example.test", "A@example.test"] }, "recipients"],
      [{ recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.test`) }, "recipients"],
      [{ recipients: [], confirmation: { enabled: true, questionKey: "mail", message: "" } }, "confirmation.message"],
      [{ recipients: [], confirmation: { enabled: true, message: "Hi" } }, "confirmation.questionKey"],
      [{ recipients: [], confirmation: { enabled: true, questionKey: "name", message: "Hi" } }, "confirmation.questionKey"],
      [{ recipients: [], confirmation: { enabled: true, questionKey: "mail", subject: "Hi\r\nBcc: x@example.test", message: "Hi" } }, "confirmation.subject"],
      [{ recipients: [], confirmation: { enabled: true, questionKey: "mail", message: "Hi {{nope}}" } }, "confirmation.message"],
      [{ recipients: [], confirmation: { enabled: true, questionKey: "mail", subject: "{{intro}}", message: "Hi" } }, "confirmation.subject"],
      [{ recipients: [], extra: true }, ""],
    ];
    for (const [body, at] of cases) {
      const res = await owner.api.put(path(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      if (at) expect(res.body.error.details.map((d: { path: string }) => d.path), JSON.stringify(body)).toContain(at);
    }
    expect(await db.formNotification.findUnique({ where: { formId } })).toEqual(before);
  });

  it("accepts an email question that exists only in the draft (not yet published)", async () => {
    const draft = await owner.api.put(`/api/forms/${formId}/version/draft`, {
      title: "Test form",
      questions: [{ key: "name", type: "short-text", title: "Name" }, { key: "work", type: "email", title: "Work email" }],
    });
    expect(draft.status).toBe(200);
    const res = await owner.api.put(path(), { recipients: [], confirmation: { enabled: true, questionKey: "work", message: "Hi {{name}}" } });
    expect(res.status, res.text).toBe(200);
  });

  it("queues no email without SMTP_URL, even for a form with recipients and a confirmation", async () => {
    const form = await publishedForm(owner, { questions: [{ key: "mail", type: "email", title: "Email" }] });
    const saved = await owner.api.put(`/api/forms/${form.id}/notifications`, {
      recipients: ["team@example.test"],
      confirmation: { enabled: true, questionKey: "mail", message: "Thanks" },
    });
    expect(saved.status).toBe(200);
    await submit(form.slug, { mail: "resp@example.test" });
    expect(await db.response.count({ where: { formId: form.id, finished: true } })).toBe(1);
    expect(await db.outboxMessage.count({ where: { formId: form.id } })).toBe(0);
  });

  it("is deleted with its form", async () => {
    const other = await publishedForm(owner, { questions: [{ key: "q", type: "short-text", title: "Q" }] });
    expect((await owner.api.put(`/api/forms/${other.id}/notifications`, { recipients: ["x@example.test"] })).status).toBe(200);
    expect((await owner.api.delete(`/api/forms/${other.id}`)).status).toBe(204);
    expect(await db.formNotification.count({ where: { formId: other.id } })).toBe(0);
  });

  it("is documented in the OpenAPI document from the same schemas", async () => {
    const doc = (await request("GET", "/api/openapi.json")).body;
    const ops = doc.paths["/api/forms/{id}/notifications"];
    expect(Object.keys(ops).sort()).toEqual(["get", "put"]);
    expect(ops.put.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/NotificationSettingsInput" });
    const input = doc.components.schemas.NotificationSettingsInput;
    expect(input).toMatchObject({ additionalProperties: false, required: ["recipients"], properties: { recipients: { maxItems: 10 } } });
    expect(doc.components.schemas.ConfirmationSettings.properties.subject).toMatchObject({ maxLength: 200, pattern: "^[^\\r\\n]*$" });
    expect(ops.get.responses["200"].content["application/json"].schema.properties.notifications).toEqual({ $ref: "#/components/schemas/NotificationSettings" });
  });

  it("needs JSON and a write key", async () => {
    expect((await owner.readApi.put(path(), valid)).status).toBe(403);
    expect((await request("PUT", path(), undefined, { raw: "recipients=x", headers: { authorization: `Bearer ${owner.writeKey}`, "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await owner.api.post(path(), valid)).status).toBe(405);
  });
});
