import { notificationSettingsSchema } from "@/lib/email/notification-schema";
import { getNotificationSettings, saveNotificationSettings } from "@/lib/email/notifications";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  params: formIdParams,
  handler: async ({ principal, params }) => getNotificationSettings(principal.userId, params.id),
});

export const PUT = route({
  auth: "write",
  params: formIdParams,
  body: notificationSettingsSchema,
  handler: async ({ principal, params, body }) => saveNotificationSettings(principal.userId, params.id, body),
});

export const { OPTIONS, POST, PATCH, DELETE } = allowOnly({ GET, PUT });
