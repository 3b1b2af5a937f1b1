/** For webhook tests running their own server: the owner's API (with DELETE) and the usual form. */
import { ownerApi, type Reply } from "./instances";

export function webhookApi(baseUrl: string, key: string) {
  const api = ownerApi(baseUrl, key);
  const del = async (path: string): Promise<Reply> => {
    const res = await fetch(baseUrl + path, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : text, headers: res.headers };
  };
  return { ...api, delete: del };
}

export const feedbackSchema = {
  title: "Webhook feedback",
  questions: [
    { key: "stars", type: "rating", title: "How was it?", required: true, scaleMin: 1, scaleMax: 5 },
    { key: "note", type: "short-text", title: "Anything else?", required: false },
  ],
};

/** Environment for a server whose webhooks reach the test's receiver on 127.0.0.1 quickly. */
export const fastWebhookEnv = {
  SUBMISSION_RATE_LIMIT: "0",
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_RETRY_DELAYS_MS: "300,300,300",
  WEBHOOK_TIMEOUT_MS: "1000",
  OUTBOX_POLL_MS: "100",
};
