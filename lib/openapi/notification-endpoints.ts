/** Email notifications of a form (issue 14). */
import { z } from "zod";
import { notificationSettingsSchema, notificationSettingsViewSchema } from "@/lib/email/notification-schema";
import { formIdParams } from "@/lib/forms/settings";
import type { Endpoint } from "./endpoint";

const envelope = z.strictObject({ notifications: notificationSettingsViewSchema });

export const notificationEndpoints: Endpoint[] = [
  {
    method: "GET", path: "/api/forms/{id}/notifications", tag: "Notifications", auth: "read", role: "viewer",
    summary: "Get a form's email notification settings",
    description:
      "Who is emailed about each finished response, and the respondent's confirmation. A form never saved answers the defaults " +
      "(no recipients, confirmation off, `updatedAt: null`). `emailConfigured` is false while the server has no `SMTP_URL`: " +
      "settings are kept then, but nothing is sent or queued.",
    params: formIdParams,
    success: { status: 200, description: "The settings", schema: envelope },
  },
  {
    method: "PUT", path: "/api/forms/{id}/notifications", tag: "Notifications", auth: "write", role: "editor",
    summary: "Replace a form's email notification settings",
    description:
      "`recipients` (at most 10 addresses, each once) get a summary of every finished response's answers and a link to it in the " +
      "dashboard. With `confirmation.enabled`, the respondent gets the owner's subject and message (plain text; `{{question key}}` " +
      "recalls an answer, inserted as text) at the address they answered to `confirmation.questionKey`, which must be an `email` " +
      "question of the draft or the published version; recalled keys must be questions of the form. Omitted `confirmation`: off. " +
      "Emails go through the outbox with retries, like webhooks.",
    params: formIdParams,
    body: notificationSettingsSchema,
    success: { status: 200, description: "The saved settings", schema: envelope },
  },
];
