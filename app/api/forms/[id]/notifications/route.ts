import { z } from "zod";
import { notificationSettingsSchema, notificationSettingsViewSchema } from "@/lib/email/notification-schema";
import { getNotificationSettings, saveNotificationSettings } from "@/lib/email/notifications";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

const envelope = z.strictObject({ notifications: notificationSettingsViewSchema });

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => getNotificationSettings(principal, params.id),
  doc: {
    tag: "Notifications",
    summary: "Get a form's email notification settings",
    description:
      "Who is emailed about each finished response, and the respondent's confirmation. A form never saved answers the defaults " +
      "(no recipients, confirmation off, `updatedAt: null`). `emailConfigured` is false while the server has no `SMTP_URL`: " +
      "settings are kept then, but nothing is sent or queued.",
    success: { description: "The settings", schema: envelope },
  },
});

export const PUT = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: notificationSettingsSchema,
  handler: async ({ principal, params, body }) => saveNotificationSettings(principal, params.id, body),
  doc: {
    tag: "Notifications",
    summary: "Replace a form's email notification settings",
    description:
      "`recipients` (at most 10 addresses, each once) get a summary of every finished response's answers and a link to it in the " +
      "dashboard. With `confirmation.enabled`, the respondent gets the owner's subject and message (plain text; `{{question key}}` " +
      "recalls an answer, inserted as text) at the address they answered to `confirmation.questionKey`, which must be an `email` " +
      "question of the draft or the published version; recalled keys must be questions of the form. Omitted `confirmation`: off. " +
      "Emails go through the outbox with retries, like webhooks.",
    success: { description: "The saved settings", schema: envelope },
  },
});

export const { OPTIONS, POST, PATCH, DELETE } = allowOnly({ GET, PUT });
