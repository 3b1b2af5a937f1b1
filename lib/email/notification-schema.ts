/**
 * The email notification settings of a form, browser-safe (no database, no
 * nodemailer), so the dashboard's settings form validates with exactly what
 * PUT /api/forms/:id/notifications does and the OpenAPI document shows it.
 */
import { z } from "zod";
import { questionKeySchema } from "@/lib/schema/form-schema";

export const MAX_RECIPIENTS = 10;
export const CONFIRMATION_SUBJECT_MAX = 200;
export const CONFIRMATION_MESSAGE_MAX = 5000;

const address = z.email("Enter a valid email address").max(254);

export const confirmationSchema = z
  .strictObject({
    enabled: z.boolean().describe("Send the respondent a confirmation to their answer of `questionKey`"),
    questionKey: questionKeySchema.nullable().default(null).describe("An `email` question of the form (required when enabled)"),
    subject: z
      .string()
      .max(CONFIRMATION_SUBJECT_MAX)
      .regex(/^[^\r\n]*$/, "The subject is one line")
      .default("")
      .describe("Plain text; {{question key}} recalls an answer. Empty: \"Thank you for your response to \\\"<form title>\\\"\""),
    message: z.string().max(CONFIRMATION_MESSAGE_MAX).default("").describe("Plain text (no HTML); {{question key}} recalls an answer"),
  })
  .superRefine((c, ctx) => {
    if (!c.enabled) return;
    if (!c.questionKey) ctx.addIssue({ code: "custom", path: ["questionKey"], message: "Choose the email question whose answer gets the confirmation" });
    if (!c.message.trim()) ctx.addIssue({ code: "custom", path: ["message"], message: "Write the confirmation message" });
  })
  .meta({ id: "ConfirmationSettings" });

export const notificationSettingsSchema = z
  .strictObject({
    recipients: z
      .array(address)
      .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} addresses`)
      .refine((list) => new Set(list.map((a) => a.toLowerCase())).size === list.length, "Each address once")
      .describe("Told of every finished response (a summary of the answers and a link); [] = off"),
    confirmation: confirmationSchema.optional().describe("Omitted: off"),
  })
  .meta({ id: "NotificationSettingsInput" });
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

export const notificationSettingsViewSchema = z
  .strictObject({
    emailConfigured: z.boolean().describe("false: the server has no SMTP_URL, settings are kept but nothing is sent or queued"),
    recipients: z.array(z.string()),
    confirmation: z.strictObject({
      enabled: z.boolean(),
      questionKey: z.string().nullable(),
      subject: z.string(),
      message: z.string(),
    }),
    updatedAt: z.string().nullable().describe("null: never saved (the defaults)"),
  })
  .meta({ id: "NotificationSettings" });
export type NotificationSettingsView = z.output<typeof notificationSettingsViewSchema>;
