/**
 * The content type of an upload, from its first bytes (magic numbers, via
 * file-type), never from the name or the client's Content-Type.
 *
 * Text has no magic number. Bytes file-type does not know count as text when
 * the head is valid UTF-8 without control characters (tab, line breaks and
 * form feed allowed) and does not look like markup: a head that starts with
 * "<" or names an HTML/SVG element is refused (so an HTML page named .txt or
 * .png is never stored as anything). Text is text/csv for a .csv or .tsv
 * name, otherwise text/plain; owners always download it as an attachment.
 */
import { fileTypeFromBuffer } from "file-type";
import type { SniffedType } from "./accept";

/** How many bytes are read before deciding (file-type needs 4,100; Office zips a few KB more). */
export const SNIFF_BYTES = 64 * 1024;

const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|xml|\?xml)\b/i;
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

export async function sniffType(head: Uint8Array, fileName: string): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) return { ext: found.ext, mime: found.mime };
  let text: string;
  try {
    // stream: a multi-byte character cut at the end of the head is no error.
    text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  const body = text.replace(/^\ufeff/, "");
  if (CONTROL.test(body) || body.trimStart().startsWith("<") || MARKUP.test(body)) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "csv") return { ext: "csv", mime: "text/csv" };
  if (ext === "tsv") return { ext: "tsv", mime: "text/tab-separated-values" };
  return { ext: "txt", mime: "text/plain" };
}
