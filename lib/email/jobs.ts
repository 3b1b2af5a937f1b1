/**
 * What an email outbox row carries: a small reference, not the message. The
 * message is written when it is sent (lib/email/send.ts) from the stored
 * response and the form's settings at that moment, so a deleted response or
 * notifications turned off meanwhile send nothing.
 */
import { z } from "zod";

export const emailJobSchema = z.discriminatedUnion("type", [
  /** The owner's recipients are told of a finished response. */
  z.strictObject({ type: z.literal("response.owner"), formId: z.string(), responseId: z.string() }),
  /** The respondent gets the form's confirmation at the address they answered. */
  z.strictObject({ type: z.literal("response.confirmation"), formId: z.string(), responseId: z.string() }),
  /** The form's owner learns that the webhook core disabled a webhook. */
  z.strictObject({ type: z.literal("webhook.disabled"), formId: z.string(), url: z.string(), reason: z.string() }),
  /** The invited person gets the link; its token is sealed (lib/webhooks/secrets.ts), the invitation re-read when sent. */
  z.strictObject({ type: z.literal("workspace.invitation"), invitationId: z.string(), sealedToken: z.string() }),
]);
export type EmailJob = z.infer<typeof emailJobSchema>;
export type EmailJobType = EmailJob["type"];
