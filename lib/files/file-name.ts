/**
 * The one home of a file's display name: what an upload's name becomes when
 * it is stored, and what every place that shows a name or puts it in a header
 * (the API's file objects, CSV, e-mail, Content-Disposition) passes it through
 * again, so a name stored before these rules reads the same way.
 *
 * Multipart parsers hand over the name already decoded (as UTF-8, RFC 7578;
 * `filename*=UTF-8''…` per RFC 5987). Here it is normalised to NFC (a
 * decomposed "Müller" from macOS and a composed one are one name), and loses
 * what could make it read as something else or break where it is put:
 * bidirectional controls (a right-to-left override shows
 * "report<U+202E>fdp.exe" as "reportexe.pdf"), C0 and C1 control characters,
 * path separators and the characters file systems refuse.
 */

/** Bidirectional embedding, override and isolate controls, the LRM/RLM marks and the Arabic letter mark. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
/** C0 controls, DEL and the C1 controls. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Characters Windows refuses in a name (quotes and angle brackets also keep it out of markup and headers). */
const RESERVED = /["<>|:*?]/g;

export const MAX_FILE_NAME_LENGTH = 200;

/** A display name: the last path segment, cleaned as above, at most 200 characters; "file" when nothing is left. */
export function safeFileName(raw: string | null | undefined): string {
  const base = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  const clean = base.replace(BIDI_CONTROLS, "").replace(CONTROLS, "").replace(RESERVED, "").replace(/^\.+/, "").trim();
  // Cut by code point, never inside a surrogate pair.
  return Array.from(clean).slice(0, MAX_FILE_NAME_LENGTH).join("").trim() || "file";
}

/** RFC 6266 Content-Disposition: an ASCII fallback (`filename`) and the UTF-8 name (`filename*`, RFC 5987). */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char has no ' ( ) *.
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
