/**
 * The optional malware scan: with CLAMAV_HOST (host or host:port, default
 * port 3310) every upload is streamed to clamd (INSTREAM) after it is stored
 * and before anyone can attach it. Found → the object is deleted and the
 * upload refused (422 file_rejected); clamd unreachable → refused too (503
 * scanner_unavailable): with a scanner configured, nothing is kept unscanned.
 */
import net from "node:net";
import type { Readable } from "node:stream";
import { AppError } from "@/lib/http/errors";
import { errorField, log } from "@/lib/observability/log";

const TIMEOUT_MS = 30_000;

export function scannerAddress(env: NodeJS.ProcessEnv = process.env): { host: string; port: number } | null {
  const raw = env.CLAMAV_HOST?.trim();
  if (!raw) return null;
  const match = /^(.*?)(?::(\d+))?$/.exec(raw)!;
  return { host: match[1], port: match[2] ? Number(match[2]) : 3310 };
}

/** clamd's verdict on a stream: "OK", or the signature name it found. */
export async function clamdScan(bytes: Readable, address: { host: string; port: number }): Promise<{ clean: true } | { clean: false; signature: string }> {
  const socket = net.connect(address);
  socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error("clamd timed out")));
  const reply = new Promise<string>((resolve, reject) => {
    let text = "";
    socket.on("data", (d) => (text += d.toString("utf8")));
    socket.on("end", () => resolve(text));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
  reply.catch(() => undefined);
  const write = (b: Buffer) => new Promise<void>((ok, ko) => socket.write(b, (e) => (e ? ko(e) : ok())));
  await new Promise<void>((ok, ko) => {
    socket.once("connect", ok);
    socket.once("error", ko);
  });
  await write(Buffer.from("zINSTREAM\0"));
  for await (const chunk of bytes as AsyncIterable<Buffer>) {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(chunk.byteLength);
    await write(size);
    await write(chunk);
  }
  await write(Buffer.alloc(4));
  const answer = (await reply).replace(/\0/g, "").trim();
  if (/^stream: OK$/.test(answer)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { clean: false, signature: found[1] };
  throw new Error(`clamd answered ${JSON.stringify(answer)}`);
}

/** Scans when CLAMAV_HOST is set; throws the error to answer when the file must not be kept. */
export async function scanUpload(open: () => Promise<Readable | null>): Promise<void> {
  const address = scannerAddress();
  if (!address) return;
  let verdict;
  try {
    const bytes = await open();
    if (!bytes) throw new Error("the stored file vanished before its scan");
    verdict = await clamdScan(bytes, address);
  } catch (error) {
    log.error({ err: errorField(error) }, "malware scan failed");
    throw new AppError("scanner_unavailable", "The malware scanner is not available; try again later");
  }
  if (!verdict.clean) throw new AppError("file_rejected", "The malware scanner refused this file");
}
