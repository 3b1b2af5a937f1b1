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
 * - sent with undici (the HTTP client of Node's own fetch), whose client costs
 *   about a third less CPU per POST than `node:http`'s, and which is what the
 *   sender thread spends its time on under load (README "Webhooks").
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
 * - at most RESPONSE_KEEP_BYTES of the answer are kept, and reading stops there.
 */
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import { Agent, Client, request, type Dispatcher } from "undici";
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

/** One request through `dispatcher`. `resetBeforeAnswer`: the connection was reset before any answer came. */
async function postOnce(target: URL, headers: Record<string, string>, body: string, timeoutMs: number, dispatcher: Dispatcher): Promise<PostResult & { resetBeforeAnswer?: boolean }> {
  const abort = new AbortController();
  const deadline = setTimeout(() => abort.abort(), timeoutMs);
  const timedOut = (): PostResult => ({ ok: false, error: `Timed out after ${timeoutMs} ms` });
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(target, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "user-agent": "Formloom-Webhooks/1" },
        body,
        dispatcher,
        signal: abort.signal,
      });
    } catch (error) {
      if (abort.signal.aborted) return timedOut();
      const { code, message } = error as NodeJS.ErrnoException;
      return { ok: false, error: `Connection failed: ${message}`, resetBeforeAnswer: RESET_BEFORE_ANSWER.has(code ?? "") };
    }
    const chunks: Buffer[] = [];
    let kept = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
        kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
        // Enough kept: the rest is not read (leaving the loop closes the connection).
        if (kept >= RESPONSE_KEEP_BYTES) break;
      }
    } catch {
      // The answer's status decides; an answer cut short keeps what arrived.
    }
    if (abort.signal.aborted) return timedOut();
    const { statusCode } = response;
    const text = Buffer.concat(chunks).toString("utf8");
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, body: text };
    if (statusCode >= 300 && statusCode < 400) return { ok: false, statusCode, body: text, error: `Redirect (${statusCode}) not followed` };
    return { ok: false, statusCode, body: text, error: `HTTP ${statusCode}` };
  } finally {
    clearTimeout(deadline);
  }
}
