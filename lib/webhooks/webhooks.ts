/**
 * Webhooks of a form: create, read, change, delete, rotate the secret.
 * Ownership comes from the form (another owner's form or webhook is "not
 * found"). Every change bumps the form's outboxVersion in its own
 * transaction, so submissions on every instance see it (lib/outbox/subscribers.ts).
 */
import type { Actor } from "@/lib/workspaces/actor";
import { db, type Tx } from "@/lib/db/client";
import { getOwnedForm } from "@/lib/forms/forms";
import { AppError, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { auditEntry, writeAudit } from "@/lib/workspaces/audit";
import { bumpOutboxVersionTx } from "@/lib/outbox/enqueue";
import { hostOf, RefusedAddress, resolveAllowed } from "./address-policy";
import type { WebhookEvent } from "./events";
import type { CreateWebhookInput, UpdateWebhookInput } from "./schemas";
import { newWebhookSecret, sealSecret } from "./secrets";

export const MAX_WEBHOOKS_PER_FORM = 10;
/** After a rotation, deliveries carry a signature with the old secret too, this long. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

type WebhookRow = Awaited<ReturnType<typeof db.webhook.findFirstOrThrow>>;

/** The API's webhook: never the secret (only create and rotate show it, once). */
export function serializeWebhook(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    description: row.description,
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 400 unless the URL's host resolves to allowed (public) addresses only. */
async function assertReachable(url: string) {
  try {
    await resolveAllowed(hostOf(new URL(url)));
  } catch (error) {
    // A name that does not resolve gets the same words as one that resolves to a private address.
    const message = error instanceof RefusedAddress ? error.message : `${hostOf(new URL(url))} does not resolve to a public address`;
    throw new AppError("validation_failed", `The webhook URL is refused: ${message}`, [{ path: "url", message }]);
  }
}

/** The webhook, when it belongs to the workspace's form; 404 otherwise (ownership first). */
export async function getOwnedWebhook(workspaceId: string, formId: string, webhookId: string, tx: Tx = db): Promise<WebhookRow> {
  const form = await getOwnedForm(workspaceId, formId, tx);
  const hook = await tx.webhook.findFirst({ where: { id: webhookId, formId: form.id, workspaceId } });
  if (!hook) throw notFound("Webhook");
  return hook;
}

export async function createWebhook(actor: Actor, formId: string, input: CreateWebhookInput) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  await assertReachable(input.url);
  const secret = newWebhookSecret();
  const id = "wh_" + newId();
  const audit = await auditEntry(actor, "webhook.created", "webhook", id);
  const row = await db.$transaction(async (tx) => {
    if ((await tx.webhook.count({ where: { formId: form.id } })) >= MAX_WEBHOOKS_PER_FORM) {
      throw new AppError("conflict", `A form can have at most ${MAX_WEBHOOKS_PER_FORM} webhooks`);
    }
    const created = await tx.webhook.create({
      data: { id, workspaceId: actor.workspaceId, formId: form.id, url: input.url, events: JSON.stringify(input.events), description: input.description ?? null, secret: sealSecret(secret) },
    });
    await bumpOutboxVersionTx(tx, form.id);
    await writeAudit(tx, audit);
    return created;
  });
  return { webhook: { ...serializeWebhook(row), secret } };
}

export async function listWebhooks(actor: Actor, formId: string) {
  const form = await getOwnedForm(actor.workspaceId, formId);
  const rows = await db.webhook.findMany({ where: { formId: form.id, workspaceId: actor.workspaceId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { webhooks: rows.map(serializeWebhook) };
}

export async function getWebhook(actor: Actor, formId: string, webhookId: string) {
  return { webhook: serializeWebhook(await getOwnedWebhook(actor.workspaceId, formId, webhookId)) };
}

export async function updateWebhook(actor: Actor, formId: string, webhookId: string, input: UpdateWebhookInput) {
  const current = await getOwnedWebhook(actor.workspaceId, formId, webhookId);
  if (input.url !== undefined) await assertReachable(input.url);
  const now = new Date();
  const audit = await auditEntry(actor, "webhook.updated", "webhook", current.id);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.webhook.update({
      where: { id: current.id },
      data: {
        ...(input.url !== undefined && { url: input.url }),
        ...(input.events !== undefined && { events: JSON.stringify(input.events) }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.enabled === true && !current.enabled && { enabled: true, disabledAt: null, disabledReason: null, failingSince: null }),
        ...(input.enabled === false && current.enabled && { enabled: false, disabledAt: now, disabledReason: "Disabled by its owner" }),
      },
    });
    await bumpOutboxVersionTx(tx, current.formId);
    await writeAudit(tx, audit);
    return updated;
  });
  return { webhook: serializeWebhook(row) };
}

export async function deleteWebhook(actor: Actor, formId: string, webhookId: string): Promise<void> {
  const current = await getOwnedWebhook(actor.workspaceId, formId, webhookId);
  const audit = await auditEntry(actor, "webhook.deleted", "webhook", current.id);
  await db.$transaction(async (tx) => {
    // The form's row first: a submission writing a delivery for this webhook holds it (its
    // outboxVersion check, FOR SHARE), so this waits for that submission to commit, and any
    // submission after it sees the new version and reads the webhooks again. Then the delete:
    // its deliveries go with it (a trigger: webhookId is not a foreign key, see the
    // OutboxMessage model), pending ones included, those just committed too.
    await bumpOutboxVersionTx(tx, current.formId);
    await tx.webhook.deleteMany({ where: { id: current.id, workspaceId: actor.workspaceId } });
    await writeAudit(tx, audit);
  });
}

/**
 * A new secret, shown once. For ROTATION_GRACE_MS deliveries are signed with
 * both the new and the old secret (Standard Webhooks allows several
 * signatures), so receivers can switch without losing a message.
 */
export async function rotateWebhookSecret(actor: Actor, formId: string, webhookId: string) {
  const current = await getOwnedWebhook(actor.workspaceId, formId, webhookId);
  const secret = newWebhookSecret();
  const audit = await auditEntry(actor, "webhook.updated", "webhook", current.id);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.webhook.update({
      where: { id: current.id, workspaceId: actor.workspaceId },
      data: { secret: sealSecret(secret), previousSecret: current.secret, previousSecretUntil: new Date(Date.now() + ROTATION_GRACE_MS) },
    });
    await writeAudit(tx, audit);
    return updated;
  });
  return { webhook: { ...serializeWebhook(row), secret } };
}
