/**
 * A real HTTP receiver for webhook tests, on 127.0.0.1: it verifies every
 * request's signature with the `standardwebhooks` library (the one an
 * integrator would use) and records what arrived. Its answer can be scripted
 * per request (status, delay) to provoke retries, timeouts and 410s.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: any;
  raw: string;
  /** Which of the receiver's secrets verified it. */
  verifiedWith: string[];
  at: number;
}

export type Reply = { status: number; delayMs?: number; body?: string };

export interface WebhookReceiver {
  url: string;
  /** Requests whose signature verified, in arrival order. */
  received: Received[];
  /** Requests whose signature did NOT verify with any known secret. */
  unverified: { headers: http.IncomingHttpHeaders; raw: string }[];
  /** All requests, verified or not. */
  requests: number;
  /** The most requests it was answering at once. */
  maxInFlight: number;
  /** Secrets to verify with (the webhook's, set after creating it). */
  secrets: string[];
  /** How to answer the next requests; the last one keeps answering. */
  script(replies: Reply[]): void;
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hook"): Promise<WebhookReceiver> {
  let replies: Reply[] = [{ status: 200 }];
  const sockets = new Set<import("node:net").Socket>();
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    unverified: [],
    requests: 0,
    maxInFlight: 0,
    secrets: [],
    script(next) {
      replies = next.length ? [...next] : [{ status: 200 }];
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline) throw new Error(`webhook receiver: condition not met in ${timeoutMs} ms (got ${receiver.received.length} deliveries)`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return receiver.received;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    receiver.maxInFlight = Math.max(receiver.maxInFlight, ++inFlight);
    res.on("close", () => inFlight--);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.requests++;
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(req.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
      };
      const verifiedWith = receiver.secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      if (req.url === path && req.method === "POST" && verifiedWith.length > 0) {
        receiver.received.push({ id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], signature: headers["webhook-signature"], body: JSON.parse(raw), raw, verifiedWith, at: Date.now() });
      } else {
        receiver.unverified.push({ headers: req.headers, raw });
      }
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "text/plain" });
        res.end(reply.body ?? `answered ${reply.status}`);
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
