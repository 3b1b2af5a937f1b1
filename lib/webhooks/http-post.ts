/**
 * One POST to a webhook URL, made so that the URL's owner cannot point it
 * anywhere they should not:
 *
 * - the host is resolved and every address checked (address-policy.ts) at
 *   connect time, through the request's own `lookup` (an IP-literal host,
 *   which Node connects to without a lookup, is checked first), so the address
 *   connected to is the one that was checked: a DNS answer that changes
 *   between the check and the connection cannot sneak in. TLS still verifies
 *   the certificate against the URL's host name (`servername`).
 * - connections are kept alive and reused for the same host and port (one
 *   pooled agent per scheme): a reused socket skips the lookup, but it is
 *   still connected to the address checked when it was opened — and the
 *   policy depends on the address alone, so that address is still allowed.
 *   Idle sockets close after IDLE_SOCKET_MS (below common servers' own
 *   keep-alive timeouts); a request on a reused socket that the receiver had
 *   just closed (reset before any answer) is sent again once, on a new
 *   connection (looked up and checked again), within the same deadline.
 * - redirects are not followed (a 3xx is a failure);
 * - the whole attempt has one deadline (WEBHOOK_TIMEOUT_MS, default 15 s);
 * - at most RESPONSE_KEEP_BYTES of the answer are kept, and reading stops there.
 */
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { hostOf, resolveAllowed } from "./address-policy";

export const RESPONSE_KEEP_BYTES = 4096;
/** Idle kept-alive sockets close after this (Node's own server closes them after 5 s). */
const IDLE_SOCKET_MS = 4_000;
/** Idle sockets kept per host: as many as the worker's attempts at once to one webhook may reach (lib/outbox/worker.ts). */
const IDLE_SOCKETS_PER_HOST = 32;

const agentOptions = { keepAlive: true, maxFreeSockets: IDLE_SOCKETS_PER_HOST, timeout: IDLE_SOCKET_MS, scheduling: "lifo" as const };
const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };

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

export async function postJson(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
  const host = hostOf(new URL(url));
  // An IP-literal host never goes through `lookup` (Node connects to it directly): check it here.
  if (net.isIP(host)) {
    try {
      await resolveAllowed(host);
    } catch (error) {
      return { ok: false, error: `Connection refused: ${(error as Error).message}` };
    }
  }
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:") return { ok: false, error: `Unsupported URL scheme ${target.protocol}` };
  const deadline = Date.now() + timeoutMs;
  let result = await postOnce(target, headers, body, timeoutMs, agents[target.protocol]);
  if (result.staleSocket && Date.now() < deadline) result = await postOnce(target, headers, body, deadline - Date.now(), false);
  const { staleSocket: _, ...answer } = result;
  return answer as PostResult;
}

/**
 * One request. `staleSocket`: it went out on a reused socket that was reset
 * before any answer came — almost always the receiver closing it while idle,
 * as the request arrived — which Node's documentation says to send again
 * (on a new connection here; receivers de-duplicate on webhook-id anyway).
 */
function postOnce(target: URL, headers: Record<string, string>, body: string, timeoutMs: number, agent: http.Agent | false): Promise<PostResult & { staleSocket?: boolean }> {
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult & { staleSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "Formloom-Webhooks/1" },
        lookup: checkedLookup,
        agent,
        servername: hostOf(target),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
          }
          // Enough kept: the rest is not read (the socket is closed).
          if (kept >= RESPONSE_KEEP_BYTES) response.destroy();
        });
        const done = () => {
          const statusCode = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode, body: text });
          else if (statusCode >= 300 && statusCode < 400) finish({ ok: false, statusCode, body: text, error: `Redirect (${statusCode}) not followed` });
          else finish({ ok: false, statusCode, body: text, error: `HTTP ${statusCode}` });
        };
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const deadline = setTimeout(() => {
      finish({ ok: false, error: `Timed out after ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      const staleSocket = request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      finish({ ok: false, error: `Connection failed: ${error.message}`, staleSocket });
    });
    request.end(body);
  });
}
