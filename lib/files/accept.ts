/**
 * Which sniffed types an `accept` list lets in (browser-safe: the upload
 * widget can use the same rule for its <input accept> and its early check).
 */
export interface SniffedType {
  /** e.g. "pdf", "png", "txt" */
  ext: string;
  /** e.g. "application/pdf" */
  mime: string;
}

/** The default of a file-upload question: documents, images, audio and video. */
export const DEFAULT_ACCEPT: readonly string[] = [
  ".pdf", ".txt", ".csv", ".rtf", ".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp", ".epub",
  "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/heic", "image/heif", "image/tiff", "image/bmp",
  "audio/*", "video/*",
];

/** Form assets: raster images only (never SVG). */
export const ASSET_ACCEPT: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"];

/** Types never accepted, whatever a question's accept says: they run script when opened from a page. */
const NEVER = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|application\/xml|text\/xml|application\/javascript|text\/javascript)$/;

const ALIASES: Record<string, string> = { jpeg: "jpg", jpe: "jpg", tif: "tiff", htm: "html", heif: "heic" };
const ext = (e: string) => ALIASES[e] ?? e;

export function isAccepted(type: SniffedType, accept: readonly string[]): boolean {
  if (NEVER.test(type.mime)) return false;
  return accept.some((entry) => {
    const rule = entry.toLowerCase();
    if (rule.startsWith(".")) return ext(rule.slice(1)) === ext(type.ext);
    if (rule.endsWith("/*")) return type.mime.startsWith(rule.slice(0, -1));
    return rule === type.mime;
  });
}

/** For messages: "PDF, PNG, image/*". */
export const describeAccept = (accept: readonly string[]) => accept.map((a) => (a.startsWith(".") ? a.slice(1).toUpperCase() : a)).join(", ");
