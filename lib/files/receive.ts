/**
 * Receives one multipart upload (one part, named `file`) and streams it to
 * storage: never held whole in memory. The request is read through the
 * capped reader (lib/http/body.ts) and busboy cuts the file at `maxBytes`;
 * either way the answer is 413 and the partial object is removed. The type
 * comes from the first bytes (./sniff.ts) before anything is stored: bytes
 * that are not an accepted type → 415 and nothing is written.
 */
import busboy from "busboy";
import type { Readable } from "node:stream";
import { cappedBody, payloadTooLarge } from "@/lib/http/body";
import { AppError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { objectKey, storage, type StoredKind } from "@/lib/storage";
import { describeAccept, isAccepted } from "./accept";
import { safeFileName } from "./file-name";
import { SNIFF_BYTES, sniffType } from "./sniff";

/** Room for the multipart framing around the file (boundaries, part headers). */
const FRAMING_BYTES = 16 * 1024;

export interface ReceivedFile {
  id: string;
  storageKey: string;
  name: string;
  size: number;
  contentType: string;
}

export interface ReceiveOptions {
  kind: StoredKind;
  maxBytes: number;
  accept: readonly string[];
  /** The error for a file over maxBytes (default 413 payload_too_large). */
  tooLarge?: () => AppError;
}

const badUpload = (message: string) => new AppError("validation_failed", message, [{ path: "file", message }]);

export async function receiveUpload(req: Request, options: ReceiveOptions): Promise<ReceivedFile> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new AppError("unsupported_media_type", "Send the file as multipart/form-data, in a part named file");
  const tooLarge = options.tooLarge ?? (() => payloadTooLarge(options.maxBytes));
  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: { "content-type": type },
      // Browsers send a part's filename="…" as raw UTF-8 (RFC 7578); busboy's default reads it as Latin-1.
      defParamCharset: "utf8",
      limits: { files: 1, fields: 0, fileSize: options.maxBytes, headerPairs: 20, fieldNameSize: 100 },
    });
  } catch {
    throw new AppError("unsupported_media_type", "The multipart body has no boundary");
  }

  let current: Readable | null = null;
  /** The storing of the one file part: settled once its object is complete, or removed with its temporary file. */
  let storing: Promise<unknown> | null = null;
  let settled = false;
  let fail!: (error: unknown) => void;
  const result = new Promise<ReceivedFile>((resolve, reject) => {
    fail = (error) => {
      if (settled) return;
      settled = true;
      current?.destroy(error as Error);
      reject(error);
    };
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || current || settled) {
        stream.resume();
        return fail(badUpload("Send exactly one part, named file"));
      }
      current = stream;
      storing = store(stream, info.filename, options, tooLarge).then(
        (file) => {
          settled = true;
          resolve(file);
        },
        (error) => fail(error),
      );
    });
    parser.on("field", () => fail(badUpload("Send only the file, in a part named file")));
    // A second file or any field: more than the one part.
    for (const limit of ["filesLimit", "fieldsLimit"] as const) parser.on(limit, () => fail(badUpload("Send exactly one part, named file")));
    parser.on("error", (error) => fail(badUpload(`The multipart body is malformed: ${error.message}`)));
    parser.on("close", () => {
      if (!current) fail(badUpload("Send the file in a part named file"));
    });
  });
  result.catch(() => undefined); // observed below; never an unhandled rejection

  try {
    for await (const chunk of cappedBody(req, options.maxBytes + FRAMING_BYTES)) {
      // Decided (refused, cut off, or the closing boundary seen): the unread rest is left to the server.
      if (settled) break;
      // Backpressure: busboy holds at most its buffer; storage pulls the rest.
      if (!parser.write(chunk)) await Promise.race([new Promise<void>((resume) => parser.once("drain", resume)), result.catch(() => undefined)]);
    }
    if (!settled) parser.end();
  } catch (error) {
    // Over the body cap (a file far past maxBytes), or the client went away.
    fail(error instanceof AppError && error.code === "payload_too_large" ? tooLarge() : error);
    parser.destroy();
  }
  // A refusal decided here (over the cap, the client gone) destroyed the part's stream: answer only
  // once the storage has removed what it had written, so no temporary file outlives the answer.
  await storing;
  return result;
}

async function store(stream: Readable & { truncated?: boolean }, filename: string | undefined, options: ReceiveOptions, tooLarge: () => AppError): Promise<ReceivedFile> {
  const name = safeFileName(filename);
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  if (stream.truncated) throw tooLarge();
  const first = Buffer.concat(head);
  if (first.byteLength === 0) throw badUpload("The file is empty");
  const sniffed = await sniffType(first, name);
  if (!sniffed || !isAccepted(sniffed, options.accept)) {
    stream.resume();
    const what = sniffed ? `a ${sniffed.mime} file` : "of no type we accept";
    throw new AppError("unsupported_media_type", `The file is ${what}; this question accepts ${describeAccept(options.accept)}`);
  }
  const id = newId();
  const storageKey = objectKey(options.kind, id);
  async function* body() {
    yield first;
    if (!ended) for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    if (stream.truncated) throw tooLarge();
  }
  const store = storage();
  try {
    const size = await store.put(storageKey, body(), sniffed.mime);
    return { id, storageKey, name, size, contentType: sniffed.mime };
  } catch (error) {
    await store.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
