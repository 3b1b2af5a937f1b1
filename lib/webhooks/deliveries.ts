/** A webhook's delivery log, and sending one again or a test ping now. */
import type { Actor } from "@/lib/workspaces/actor";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { claimForRetry } from "@/lib/outbox/claim";
import { newId } from "@/lib/ids";
import { attempt } from "@/lib/outbox/channels";
import { leaseMs } from "@/lib/outbox/worker";
import { consumeRateLimit } from "@/lib/rate-limit";
import { PING_EVENT } from "./events";
import type { ListDeliveriesQuery } from "./schemas";
import { getOwnedWebhook } from "./webhooks";

type DeliveryRow = Awaited<ReturnType<typeof db.outboxMessage.findFirstOrThrow>>;

export function serializeDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    webhookId: row.webhookId!,
    event: row.event,
    status: row.status as "pending" | "succeeded" | "failed",
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    responseBody: row.responseBody,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function listDeliveries(actor: Actor, formId: string, webhookId: string, query: ListDeliveriesQuery) {
  const hook = await getOwnedWebhook(actor.workspaceId, formId, webhookId);
  const where = { webhookId: hook.id, channel: "webhook" };
  const [rows, total] = await Promise.all([
    db.outboxMessage.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.limit, take: query.limit }),
    db.outboxMessage.count({ where }),
  ]);
  return {
    deliveries: rows.map(serializeDelivery),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

async function readDelivery(id: string) {
  const row = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
  return { delivery: serializeDelivery(row) };
}

/**
 * Sends a delivery again now, whatever its status, with the same
 * `webhook-id` and body (a body no failed attempt stored is built again: the
 * same bytes unless the response was deleted since); if this attempt fails it
 * goes on with the schedule.
 */
export async function retryDelivery(actor: Actor, formId: string, webhookId: string, deliveryId: string) {
  const hook = await getOwnedWebhook(actor.workspaceId, formId, webhookId);
  if (!hook.enabled) throw new AppError("conflict", "The webhook is disabled; enable it first");
  const claimed = await claimForRetry(deliveryId, hook.id, new Date(), leaseMs());
  if (!claimed) {
    if (!(await db.outboxMessage.findFirst({ where: { id: deliveryId, webhookId: hook.id }, select: { id: true } }))) throw notFound("Delivery");
    throw new AppError("conflict", "This delivery is being sent right now; try again in a moment");
  }
  await attempt(claimed);
  return readDelivery(deliveryId);
}

/** Test pings per webhook per window: a few to try a receiver, not enough to flood it. */
export const TEST_PING_LIMIT = 5;
export const TEST_PING_WINDOW_MS = 60_000;

/**
 * A `ping` event to this webhook, sent now (and logged like any delivery).
 * The row is stored already claimed by this request, so the polling worker
 * never sends it too.
 *
 * Throttled per webhook (whoever asks, on every instance: the count is in the
 * database), so the endpoint cannot be used to fire requests at a receiver.
 * Counted only once the webhook is known to be the caller's and enabled, so
 * another owner's id answers 404 and costs nothing.
 */
export async function sendTestPing(actor: Actor, formId: string, webhookId: string) {
  const hook = await getOwnedWebhook(actor.workspaceId, formId, webhookId);
  if (!hook.enabled) throw new AppError("conflict", "The webhook is disabled; enable it first");
  const limit = await consumeRateLimit(`webhook-test:${hook.id}`, TEST_PING_LIMIT, TEST_PING_WINDOW_MS);
  if (!limit.allowed) {
    throw new AppError(
      "rate_limited",
      `At most ${TEST_PING_LIMIT} test pings per webhook per minute. Try again in ${limit.retryAfterSeconds} s.`,
      undefined,
      { "retry-after": String(limit.retryAfterSeconds) },
    );
  }
  const now = new Date();
  const heldUntil = now.getTime() + leaseMs();
  const row = await db.outboxMessage.create({
    data: {
      id: "msg_" + newId(now.getTime()) + "_" + hook.id,
      channel: "webhook",
      webhookId: hook.id,
      formId: hook.formId,
      event: PING_EVENT,
      payload: JSON.stringify({ webhookId: hook.id }),
      attempts: 1,
      leaseUntil: new Date(heldUntil),
      nextAttemptAt: now,
      createdAt: now,
    },
  });
  await attempt({ ...row, channel: "webhook", body: null, heldUntil });
  return readDelivery(row.id);
}
