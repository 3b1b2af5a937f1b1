/**
 * Sends a submission queued on the device (see device-store.ts) once the
 * browser is online: the page was reloaded, or the tab crashed, after the
 * respondent submitted without a connection. The same Idempotency-Key (or
 * the PATCH of the same response) means it is stored exactly once, even if
 * the tab that queued it sends it too.
 */
import { createResponse, updateResponse } from "../public-api";
import { deviceStore, RETRY_PAUSE_MS, whenOnline, type QueuedSubmission } from "./device-store";

/** Resolves with the stored response's id once the queued submission is stored, or null when it was refused for good (nothing left to send). */
export async function flushQueued(item: QueuedSubmission): Promise<string | null> {
  const spam = { startToken: item.startToken, honeypot: item.honeypot, language: item.language };
  for (;;) {
    await whenOnline();
    let r = item.id
      ? await updateResponse(item.slug, item.id, { answers: item.answers, partial: false, ...spam })
      : await createResponse(item.slug, { answers: item.answers, partial: false, ...spam }, item.createKey ?? "");
    if (r.ok && !r.data.response.finished) r = await updateResponse(item.slug, r.data.response.id, { answers: item.answers, partial: false, ...spam });
    if (r.ok) {
      deviceStore.clear();
      return r.data.response.id;
    }
    if (r.status !== 0) {
      // The server said no (closed, invalid…): the form on screen shows what to fix.
      deviceStore.queue(null);
      return null;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}
