/**
 * Upload limits from the environment (browser-safe: in the browser the
 * defaults apply, and the server enforces its own values anyway).
 */
import { setting } from "@/lib/settings";

/** UPLOAD_MAX_FILE_MB (default 25): no file-upload question may allow more per file. */
export const uploadMaxFileMb = () => setting("UPLOAD_MAX_FILE_MB");
/** UPLOAD_MAX_FORM_MB (default 1024): all files of one form (uploads and assets) together. */
export const uploadMaxFormMb = () => setting("UPLOAD_MAX_FORM_MB");
/** Form assets (option images, logo, cover): at most 5 MB each. */
export const ASSET_MAX_MB = 5;
/** A signature PNG: at most 1 MB. */
export const SIGNATURE_MAX_MB = 1;
export const DEFAULT_FILE_MB = 10;
export const MiB = 1024 * 1024;
