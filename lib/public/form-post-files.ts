/**
 * The no-JavaScript post of a form with file questions (multipart/form-data,
 * `<input type=file name=<key>>`). Streamed with busboy: text fields are
 * collected (at most BODY_LIMITS.formPost of them in all), and each file part
 * of a file question goes, as it arrives, through the very upload the
 * respondent page's script uses (lib/files/upload.ts uploadRespondentFile:
 * rate limit, the question's size and type rules sniffed from the bytes,
 * quota, scan, bound to this respondent), fed one part at a time; its id then
 * stands in the field, as a script would have posted it. Nothing is held
 * whole in memory.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { BODY_LIMITS, cappedBody, payloadTooLarge } from "@/lib/http/body";
import { AppError } from "@/lib/http/errors";
import { uploadRespondentFile } from "@/lib/files/upload";
import { MiB, uploadMaxFileMb } from "@/lib/files/limits";
import { specOf } from "@/lib/question-types";
import { translatorFor } from "@/lib/i18n/catalogs";
import { tooManyFiles } from "@/lib/question-types/file-upload/answer";
import type { FormSchema } from "@/lib/schema/form-schema";
import { RESPONDENT_COOKIE, type Respondent } from "./respondent";

/** Room per file for its multipart framing. */
const FRAMING_BYTES = 16 * 1024;

/** The file questions of a form: how many files each takes and the most bytes each may bring in one post. */
function fileQuestions(schema: Pick<FormSchema, "questions">): Map<string, { maxFiles: number; maxBytes: number }> {
  const out = new Map<string, { maxFiles: number; maxBytes: number }>();
  for (const q of schema.questions) {
    const rules = specOf(q).uploadRules?.(q as never);
    if (!rules) continue;
    const maxFiles = "maxFiles" in q && typeof q.maxFiles === "number" ? q.maxFiles : 1;
    out.set(q.key, { maxFiles, maxBytes: maxFiles * (Math.min(rules.maxMB, uploadMaxFileMb()) * MiB + FRAMING_BYTES) });
  }
  return out;
}

export const hasFileQuestions = (schema: Pick<FormSchema, "questions">) => fileQuestions(schema).size > 0;

/** `answers` without those of the form's file questions. */
export function withoutFiles<A extends Record<string, unknown>>(schema: Pick<FormSchema, "questions"> | undefined, answers: A): A {
  const files = schema ? fileQuestions(schema) : new Map();
  if (files.size === 0) return answers;
  const kept = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(answers)) if (!files.has(key)) kept[key] = value;
  return kept as A;
}

/** The respondent's cookie id, as sent or as minted for this request (so the files are theirs). */
function respondentCookie(req: Request, respondent: Respondent): string {
  const minted = respondent.setCookie ? new RegExp(`^${RESPONDENT_COOKIE}=([^;]+)`).exec(respondent.setCookie)?.[1] : undefined;
  if (minted) return `${RESPONDENT_COOKIE}=${minted}`;
  return req.headers.get("cookie") ?? "";
}

/** One file part as the upload endpoint's request: the same headers (IP, user agent, respondent), one part named `file`. */
function partRequest(req: Request, cookie: string, filename: string, mimeType: string, stream: Readable): Request {
  const boundary = `formloom${randomBytes(12).toString("hex")}`;
  // Sent as UTF-8, as a browser sends it; the upload endpoint cleans it (lib/files/file-name.ts).
  // Quotes and line breaks cannot break the framing.
  const safeName = filename.replace(/["\r\n\\]/g, "_");
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: ${mimeType.replace(/[\r\n]/g, "")}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of stream) yield chunk as Buffer;
    yield tail;
  }
  const headers = new Headers(req.headers);
  headers.delete("content-length");
  headers.set("content-type", `multipart/form-data; boundary=${boundary}`);
  headers.set("cookie", cookie);
  return new Request(req.url, { method: "POST", headers, body: Readable.toWeb(Readable.from(body())) as ReadableStream, duplex: "half" } as RequestInit);
}

export interface MultipartPost {
  data: FormData;
  /** A message per file question whose file was refused (too large, wrong type, …). */
  fileErrors: Record<string, string>;
}

/** Reads a multipart post of `slug`'s form, storing its files as they stream in. */
export async function readMultipartPost(req: Request, type: string, slug: string, schema: Pick<FormSchema, "questions" | "language">, respondent: Respondent): Promise<MultipartPost> {
  const files = fileQuestions(schema);
  const limit = BODY_LIMITS.formPost + [...files.values()].reduce((a, b) => a + b.maxBytes, 0);
  // Files taken per question: parts past its maxFiles are not stored at all.
  const taken = new Map<string, number>();
  const cookie = respondentCookie(req, respondent);
  const data = new FormData();
  const fileErrors: Record<string, string> = Object.create(null);
  let fieldBytes = 0;
  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({ headers: { "content-type": type }, defParamCharset: "utf8", limits: { fieldSize: BODY_LIMITS.formPost, headerPairs: 20 } });
  } catch {
    throw new AppError("validation_failed", "The multipart body has no boundary");
  }
  // Parts are stored one after another, in the order they come.
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  parser.on("field", (name, value) => {
    fieldBytes += name.length + value.length;
    if (fieldBytes > BODY_LIMITS.formPost) failure ??= payloadTooLarge(BODY_LIMITS.formPost);
    else data.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // A file input left empty still sends a part, with no name and no bytes.
    const question = files.get(name);
    if (!question || !info.filename || fileErrors[name]) {
      stream.resume();
      return;
    }
    const count = (taken.get(name) ?? 0) + 1;
    taken.set(name, count);
    if (count > question.maxFiles) {
      fileErrors[name] = tooManyFiles(translatorFor(schema.language ?? "en"), question.maxFiles);
      stream.resume();
      return;
    }
    stream.pause();
    chain = chain.then(async () => {
      // The post was refused while this part waited its turn: not stored.
      if (failure) return void stream.resume();
      try {
        const res = await uploadRespondentFile(partRequest(req, cookie, info.filename!, info.mimeType, stream), slug, name);
        const body = (await res.json()) as { file: { id: string } };
        data.append(name, body.file.id);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        fileErrors[name] = error.message;
      } finally {
        stream.resume(); // the unread rest of a refused file
      }
    });
    chain.catch((error) => (failure ??= error));
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", (e: unknown) => reject(new AppError("validation_failed", `The multipart body is malformed: ${(e as Error).message}`)));
  });
  done.catch(() => undefined);
  try {
    for await (const chunk of cappedBody(req, limit)) {
      if (failure) break;
      if (!parser.write(chunk)) await Promise.race([new Promise<void>((r) => parser.once("drain", r)), done.catch(() => undefined)]);
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure) {
    // The refusal is answered only once the part being stored has removed its temporary file
    // (destroying the parser ends that part's stream; lib/files/receive.ts waits for its storage).
    parser.destroy();
    await chain.catch(() => undefined);
    throw failure;
  }
  parser.end();
  await done;
  await chain.catch(() => undefined);
  if (failure) throw failure;
  return { data, fileErrors };
}
