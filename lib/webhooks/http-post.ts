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
 * - redirects are not followed (a 3xx is a failure);
 * - the whole attempt has one deadline (WEBHOOK_TIMEOUT_MS, default 15 s);
 * - at most RESPONSE_KEEP_BYTES of the answer are kept, and reading stops there.
 */
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { hostOf, resolveAllowed } from "./address-policy";

export const RESPONSE_KEEP_BYTES = 4096;

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
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
    if (!client) return resolve({ ok: false, error: `Unsupported URL scheme ${target.protocol}` });
    let settled = false;
    const finish = (result: PostResult) => {
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
        // A fresh connection per attempt: a pooled socket would skip the lookup (and its check).
        agent: false,
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
    request.on("error", (error) => finish({ ok: false, error: `Connection failed: ${error.message}` }));
    request.end(body);
  });
}
