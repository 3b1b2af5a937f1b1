/** The webhook API's input and output shapes (validation and the OpenAPI document). */
import { z } from "zod";
import { DEFAULT_WEBHOOK_EVENTS, webhookEventSchema } from "./events";

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const DELIVERIES_PAGE_MAX = 50;

const urlSchema = z
  .string()
  .max(WEBHOOK_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Must be an absolute http(s) URL without user name or password")
  .describe("Where events are POSTed; its host must resolve to public addresses only (unless WEBHOOK_ALLOW_PRIVATE_URLS=true)");

const eventsSchema = z
  .array(webhookEventSchema)
  .min(1)
  .refine((events) => new Set(events).size === events.length, "List each event once")
  .describe("Events delivered to this webhook");

export const webhookParams = z.strictObject({ id: z.string().min(1).max(64), webhookId: z.string().min(1).max(100) });
export const deliveryParams = webhookParams.extend({ deliveryId: z.string().min(1).max(200) });

export const createWebhookSchema = z
  .strictObject({
    url: urlSchema,
    events: eventsSchema.default(DEFAULT_WEBHOOK_EVENTS),
    description: z.string().max(WEBHOOK_DESCRIPTION_MAX).nullable().optional(),
  })
  .meta({ id: "CreateWebhook" });
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .strictObject({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: z.string().max(WEBHOOK_DESCRIPTION_MAX).nullable().optional(),
    enabled: z.boolean().optional().describe("true re-enables a disabled webhook (its held deliveries resume); false holds them"),
  })
  .meta({ id: "UpdateWebhook" });
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledAt: z.iso.datetime().nullable().describe("When it was disabled (by its owner, a 410 Gone, or days of failures)"),
    disabledReason: z.string().nullable().describe("Why it was disabled"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });

export const webhookWithSecretSchema = webhookSchema
  .extend({ secret: z.string().describe("whsec_… — shown only in this answer: store it to verify signatures") })
  .meta({ id: "WebhookWithSecret" });

export const deliverySchema = z
  .object({
    id: z.string().describe("Also the `webhook-id` header, the same on every retry"),
    webhookId: z.string(),
    event: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.int(),
    lastStatusCode: z.int().nullable(),
    lastError: z.string().nullable(),
    responseBody: z.string().nullable().describe("The first 4 KB of the receiver's last answer"),
    nextAttemptAt: z.iso.datetime().nullable().describe("When it is tried next (pending only)"),
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "WebhookDelivery" });

const positiveInt = (max: number) => z.coerce.number().int("Use a whole number").min(1).max(max);
export const listDeliveriesQuerySchema = z
  .strictObject({
    limit: positiveInt(DELIVERIES_PAGE_MAX).default(20).describe(`Deliveries per page, 1..${DELIVERIES_PAGE_MAX}`),
    page: positiveInt(1_000_000).default(1).describe("1-based page number; a page past the end is empty"),
  })
  .meta({ id: "ListDeliveriesQuery" });
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;

export const deliveryListSchema = z
  .object({
    deliveries: z.array(deliverySchema),
    pagination: z.object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() }),
  })
  .meta({ id: "WebhookDeliveryList" });
