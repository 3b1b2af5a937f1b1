/**
 * The one reader of request bodies. Every way a body arrives — JSON API
 * bodies, the views beacon, the no-JavaScript form post, sign-in, setup —
 * goes through `cappedBody`, which counts bytes as they stream in and stops at
 * the limit with 413 `payload_too_large`, whatever Content-Length and
 * Transfer-Encoding say. Nothing reads a whole body first and measures after
 * (`req.text()`, `req.formData()`): a 300 MB chunked post once took the
 * server from 230 MB to 1.35 GB.
 *
 * A streaming consumer (multipart uploads) iterates `cappedBody` itself; the
 * rest use `readCappedBytes`.
 */
import { AppError } from "./errors";
import { isPrototypeKey } from "./reserved-keys";

const KiB = 1024;
const MiB = 1024 * KiB;

/** The body limit of each kind of endpoint (docs/api.md "Body limits" lists them). */
export const BODY_LIMITS = {
  /** JSON API bodies: forms, drafts, answers, keys, setup. */
  json: 1 * MiB,
  /** The public page's plain HTML form post (urlencoded or multipart), answers only. */
  formPost: 1 * MiB,
  /** next-auth's sign-in and sign-out posts: an email, a password and a few tokens. */
  auth: 16 * KiB,
  /** The views beacon takes no body (`{}` is tolerated). */
  beacon: 1 * KiB,
} as const;

export const payloadTooLarge = (limit: number) => new AppError("payload_too_large", `The request body is larger than ${limit} bytes`);

/**
 * The body's chunks, at most `limit` bytes in all. A declared Content-Length
 * over the limit is refused before reading; past that, the bytes that
 * actually arrive are counted. The request stream is released, never
 * cancelled: cancelling destroys the socket before the 413 can be written
 * (scripts/serve.mjs cuts a connection whose unread rest keeps coming).
 */
export async function* cappedBody(req: Request, limit: number): AsyncGenerator<Uint8Array, void, undefined> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw payloadTooLarge(limit);
  if (!req.body) return;
  const reader = req.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw payloadTooLarge(limit);
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The whole body as bytes, at most `limit` of them (413 past it). */
export async function readCappedBytes(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of cappedBody(req, limit)) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The whole body as UTF-8 text, at most `limit` bytes (413 past it). */
export const readCappedText = async (req: Request, limit: number) => new TextDecoder().decode(await readCappedBytes(req, limit));

export const isJsonType = (type: string | null) => /^application\/([\w.+-]+\+)?json\b/i.test(type ?? "");

/** A JSON body of at most `limit` bytes (415 when it is not JSON, 400 when it does not parse). */
export async function readJson(req: Request, limit: number = BODY_LIMITS.json): Promise<unknown> {
  if (!isJsonType(req.headers.get("content-type"))) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json");
  }
  return parseJson(await readCappedText(req, limit));
}

/**
 * JSON.parse makes `__proto__` an own property (harmless in itself), but a
 * later Object.assign or merge would turn it into a prototype: such keys are
 * refused at the door, with `constructor` and `prototype`.
 */
export function parseJson(text: string): unknown {
  if (!text.trim()) throw new AppError("invalid_json", "The request body is empty; send a JSON object");
  let reserved: string | undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, function (key, value) {
      if (isPrototypeKey(key)) reserved ??= key;
      return value;
    });
  } catch (error) {
    throw new AppError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (reserved) throw new AppError("validation_failed", `The request body may not use the key "${reserved}"`, [{ path: reserved, message: "Reserved name" }]);
  return parsed;
}
