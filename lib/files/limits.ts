/**
 * Upload limits from the environment (browser-safe: in the browser the
 * defaults apply, and the server enforces its own values anyway).
 */
const env = (name: string): string | undefined => (typeof process !== "undefined" ? process.env?.[name] : undefined);
const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** UPLOAD_MAX_FILE_MB (default 25): no file-upload question may allow more per file. */
export const uploadMaxFileMb = () => positive(env("UPLOAD_MAX_FILE_MB"), 25);
/** UPLOAD_MAX_FORM_MB (default 1024): all files of one form (uploads and assets) together. */
export const uploadMaxFormMb = () => positive(env("UPLOAD_MAX_FORM_MB"), 1024);
/** Form assets (option images, logo, cover): at most 5 MB each. */
export const ASSET_MAX_MB = 5;
/** A signature PNG: at most 1 MB. */
export const SIGNATURE_MAX_MB = 1;
export const DEFAULT_FILE_MB = 10;
export const MiB = 1024 * 1024;
