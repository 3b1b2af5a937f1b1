/** The events a webhook can subscribe to, and the test ping. */
import { z } from "zod";

export const webhookEvents = ["response.finished", "response.deleted", "form.published", "form.unpublished"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export const webhookEventSchema = z.enum(webhookEvents);

export const DEFAULT_WEBHOOK_EVENTS: WebhookEvent[] = ["response.finished"];

/** Sent by POST …/webhooks/:webhookId/test only; nobody subscribes to it. */
export const PING_EVENT = "ping";
