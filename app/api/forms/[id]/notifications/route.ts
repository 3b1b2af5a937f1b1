import { notificationSettingsSchema } from "@/lib/email/notification-schema";
import { getNotificationSettings, saveNotificationSettings } from "@/lib/email/notifications";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  handler: async ({ principal, params }) => getNotificationSettings(principal, params.id),
});

export const PUT = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  body: notificationSettingsSchema,
  handler: async ({ principal, params, body }) => saveNotificationSettings(principal, params.id, body),
});

export const { OPTIONS, POST, PATCH, DELETE } = allowOnly({ GET, PUT });
