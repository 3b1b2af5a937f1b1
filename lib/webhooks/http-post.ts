/**
 * One POST to a webhook URL, made so that the URL's owner cannot point it
 * anywhere they should not:
 *
 * - the host is resolved and every address checked (address-policy.ts) at
 *   connect time, through the connection's own `lookup` (an IP-literal host,
 *   which Node connects to without a lookup, is checked first), so the address
 *   connected to is the one that was checked: a DNS answer that changes
 *   between the check and the connection cannot sneak in. TLS still verifies
 *   the certificate against the URL's host name (the server name undici sets).
 * - sent with undici (the HTTP client of Node's own fetch), through its
 *   handler API (postOnce): the POST is most of what a delivery costs the
 *   thread that sends it, and this way costs about half of undici's
 *   `request()`.
 * - connections are kept alive and reused for the same origin (one pooled
 *   agent): a reused socket skips the lookup, but it is still connected to
 *   the address checked when it was opened — and the policy depends on the
 *   address alone, so that address is still allowed. Idle sockets close after
 *   IDLE_SOCKET_MS, or sooner when the receiver's Keep-Alive header says it
 *   closes them sooner. A request reset before any answer came (almost always
 *   a kept-alive socket the receiver closed while idle, as the request
 *   arrived) is sent again once, on a connection of its own (looked up and
 *   checked again), within the same deadline; receivers de-duplicate on
 *   webhook-id anyway.
 * - redirects are not followed (a 3xx is a failure);
 * - the whole attempt has one deadline (WEBHOOK_TIMEOUT_MS, default 15 s);
 * - at most RESPONSE_KEEP_BYTES of the answer are kept, and reading stops there
 *   (a NUL in them kept as U+FFFD: PostgreSQL's text cannot hold one).
 */
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import { Agent, Client, type Dispatcher } from "undici";
import { hostOf, resolveAllowed } from "./address-policy";

export const RESPONSE_KEEP_BYTES = 4096;
/** Idle kept-alive sockets close after this at the latest (Node's own server closes them after 5 s). */
const IDLE_SOCKET_MS = 4_000;
/** Errors of a request that the receiver's end reset before any answer came. */
const RESET_BEFORE_ANSWER = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

export type PostResult =
  | { ok: true; statusCode: number; body: string }
  | { ok: false; statusCode?: number; body?: string; error: string };

/** Resolves through address-policy; hands the checked address to the socket. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  resolveAllowed(hostname).then(
    (addresses) => {
      const family = typeof options === "object" ? options.family : undefined;
      const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
      if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }), "", 0);
      if (typeof options === "object" && options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    },
    (error: Error) => callback(Object.assign(error, { code: (error as NodeJS.ErrnoException).code ?? "EREFUSED" }), "", 0),
  );
};

const connectOptions = { lookup: checkedLookup as typeof dns.lookup };
/** The attempt's own deadline covers headers and body: undici's separate timeouts are off. */
const timeouts = { headersTimeout: 0, bodyTimeout: 0 };
// On globalThis: Next may load this module more than once; one pool per process (per thread).
const globalForPool = globalThis as unknown as { formloomWebhookAgent?: Agent };
const pool = (globalForPool.formloomWebhookAgent ??= new Agent({ connect: connectOptions, keepAliveTimeout: IDLE_SOCKET_MS, keepAliveMaxTimeout: IDLE_SOCKET_MS, ...timeouts }));

export async function postJson(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:") return { ok: false, error: `Unsupported URL scheme ${target.protocol}` };
  const host = hostOf(target);
  // An IP-literal host never goes through `lookup` (Node connects to it directly): check it here.
  if (net.isIP(host)) {
    try {
      await resolveAllowed(host);
    } catch (error) {
      return { ok: false, error: `Connection refused: ${(error as Error).message}` };
    }
  }
  const deadline = Date.now() + timeoutMs;
  let result = await postOnce(target, headers, body, timeoutMs, pool);
  if (result.resetBeforeAnswer && Date.now() < deadline) {
    const ownConnection = new Client(target.origin, { connect: connectOptions, pipelining: 0, ...timeouts });
    result = await postOnce(target, headers, body, deadline - Date.now(), ownConnection);
    ownConnection.destroy().catch(() => undefined);
  }
  const { resetBeforeAnswer: _, ...answer } = result;
  return answer as PostResult;
}

/**
 * One request through `dispatcher`, with undici's handler API rather than its `request()`: no
 * AbortController, body stream or async iterator per request — 44 against 87 µs of CPU a POST
 * in a probe on this machine (20,000 POSTs, 8 at a time, to the bench's receiver), and a POST is
 * most of what a delivery costs the outbox thread.
 * `resetBeforeAnswer`: the connection was reset before any answer came.
 */
function postOnce(target: URL, headers: Record<string, string>, body: string, timeoutMs: number, dispatcher: Dispatcher): Promise<PostResult & { resetBeforeAnswer?: boolean }> {
  return new Promise((resolve) => {
    let controller: Dispatcher.DispatchController | null = null;
    let statusCode = 0;
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const settle = (result: PostResult & { resetBeforeAnswer?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const answered = (): PostResult => {
      // Kept for the delivery log: PostgreSQL's text holds no NUL, and one in a receiver's answer
      // failed the record of the whole round (the row was then sent again and again).
      const text = Buffer.concat(chunks).toString("utf8").replaceAll("\0", "\uFFFD");
      if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, body: text };
      if (statusCode >= 300 && statusCode < 400) return { ok: false, statusCode, body: text, error: `Redirect (${statusCode}) not followed` };
      return { ok: false, statusCode, body: text, error: `HTTP ${statusCode}` };
    };
    // A request still waiting for its connection has no controller yet: it is aborted when it gets one.
    const deadline = setTimeout(() => {
      settle({ ok: false, error: `Timed out after ${timeoutMs} ms` });
      controller?.abort(new Error("timed out"));
    }, timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (settled) c.abort(new Error("timed out"));
      },
      onResponseStart(_c, status) {
        statusCode = status;
      },
      onResponseData(c, chunk) {
        if (kept < RESPONSE_KEEP_BYTES) {
          chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
          kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
        }
        // Enough kept: the rest is not read (the connection is closed).
        if (kept >= RESPONSE_KEEP_BYTES) {
          settle(answered());
          c.abort(new Error("answer kept"));
        }
      },
      onResponseEnd() {
        settle(answered());
      },
      onResponseError(_c, error) {
        // An answer cut short keeps what arrived: its status decides.
        if (statusCode) return settle(answered());
        const { code, message } = error as NodeJS.ErrnoException;
        settle({ ok: false, error: `Connection failed: ${message}`, resetBeforeAnswer: RESET_BEFORE_ANSWER.has(code ?? "") });
      },
    };
    try {
      dispatcher.dispatch(
        { origin: target.origin, path: target.pathname + target.search, method: "POST", headers: { ...headers, "content-type": "application/json", "user-agent": "Formloom-Webhooks/1" }, body },
        handler,
      );
    } catch (error) {
      settle({ ok: false, error: `Connection failed: ${(error as Error).message}` });
    }
  });
}
