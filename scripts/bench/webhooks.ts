/**
 * The webhook scenario of the benchmark (issue 14): submission throughput on
 * one server without a webhook, then with one webhook on the same form and a
 * healthy local receiver; the delivery latency (receipt − event time) p50/p99
 * of the deliveries made during that load; the outbox's pending rows sampled
 * every second of that load (the backlog must not grow), when the load
 * stops and after a few seconds of draining; and the distinct deliveries
 * received against the submissions answered 201.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { queryDatabase } from "../../tests/helpers/instances";
import { startServer } from "../../tests/setup/server";
import { postLoad, type Load } from "./measure";

export interface WebhookBench {
  without: Load;
  with: Load;
  delivered: number;
  latencyP50: number;
  latencyP99: number;
  /** Distinct webhook-ids received by the end (after draining). */
  distinct: number;
  pendingDuring: number[];
  pendingAtEnd: number;
  pendingAfterDrain: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function startReceiver() {
  const latencies: number[] = [];
  const ids = new Set<string>();
  const server = http.createServer((req, res) => {
    ids.add(String(req.headers["webhook-id"]));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { timestamp: string };
      latencies.push(Date.now() - Date.parse(event.timestamp));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, latencies, ids, close: () => new Promise((r) => server.close(r)) };
}

export async function benchWebhooks(databaseUrl: string, writeKey: string, form: { id: string; slug: string }, body: unknown, seconds: number, log: (line: string) => void): Promise<WebhookBench> {
  const receiver = await startReceiver();
  const server = await startServer(databaseUrl, { SUBMISSION_RATE_LIMIT: "0", WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  const submitUrl = `${server.baseUrl}/api/public/forms/${form.slug}/responses`;
  const pending = async () =>
    Number((await queryDatabase<{ n: number | string }>(databaseUrl, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "status" = 'pending'`))[0].n);
  try {
    // One request first, so neither load pays for the server's first request.
    await fetch(submitUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    log("webhooks: submission load without a webhook …");
    const without = await postLoad(submitUrl, body, seconds);
    const created = await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${writeKey}`, "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url }),
    });
    if (created.status !== 201) throw new Error(`webhook: ${created.status} ${await created.text()}`);
    const hook = (await created.json()) as { webhook: { id: string } };
    log("webhooks: the same load with one webhook …");
    const pendingDuring: number[] = [];
    const sampler = setInterval(() => void pending().then((n) => pendingDuring.push(n)), 1_000);
    const withHook = await postLoad(submitUrl, body, seconds).finally(() => clearInterval(sampler));
    const pendingAtEnd = await pending();
    await new Promise((r) => setTimeout(r, 5_000));
    const pendingAfterDrain = await pending();
    const sorted = [...receiver.latencies].sort((a, b) => a - b);
    // Leaves the seeded form as it was for a --reuse run.
    await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks/${hook.webhook.id}`, { method: "DELETE", headers: { authorization: `Bearer ${writeKey}` } });
    return {
      without, with: withHook, delivered: sorted.length, latencyP50: percentile(sorted, 50), latencyP99: percentile(sorted, 99),
      distinct: receiver.ids.size, pendingDuring, pendingAtEnd, pendingAfterDrain,
    };
  } finally {
    await server.stop();
    await receiver.close();
  }
}
