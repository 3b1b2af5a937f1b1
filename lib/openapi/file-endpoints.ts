/** Files: respondents' uploads, owners' downloads, form assets (README "Files"). */
import { formIdParams } from "@/lib/forms/settings";
import { assetParams, assetResultSchema, responseFileParams, uploadParams, uploadQuery, uploadResultSchema } from "@/lib/files/schemas";
import type { Endpoint } from "./endpoint";

/** What a stored file can be served as (sniffed types; any other sniffed type is served as itself too). */
const fileTypes = [
  "application/octet-stream", "application/pdf", "text/plain", "text/csv", "text/tab-separated-values", "application/rtf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet", "application/vnd.oasis.opendocument.presentation", "application/epub+zip",
  "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/heic", "image/heif", "image/tiff", "image/bmp",
  "audio/mpeg", "audio/mp4", "audio/ogg", "audio/wav", "audio/webm", "audio/flac", "video/mp4", "video/quicktime", "video/webm", "video/ogg",
];
const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"];

const respondentCookie = { "Set-Cookie": "fl_rid=<random id>; the respondent's identity (set when missing): the same respondent must attach the file" };
const sandboxed = {
  "Content-Disposition": "attachment; filename=\"…\"; filename*=UTF-8''…",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox",
};

export const fileEndpoints: Endpoint[] = [
  {
    method: "POST", path: "/api/public/forms/{slug}/files", tag: "Respondents", auth: "public",
    summary: "Upload a file for a file-upload or signature question",
    description:
      "Streamed to storage (never held whole in memory). The content type is sniffed from the bytes (magic numbers; text without one counts as " +
      "text/plain or, for a .csv/.tsv name, text/csv, unless it looks like markup); bytes that are not one of the question's `accept` types → 415 " +
      "(HTML and SVG never pass). Over the question's maxFileSizeMB (at most UPLOAD_MAX_FILE_MB) → 413 `payload_too_large`, cut off mid-stream " +
      "and nothing kept; past the form's UPLOAD_MAX_FORM_MB → 413 `storage_quota_exceeded`. Signatures: image/png, at most 1 MB. With CLAMAV_HOST " +
      "the file is scanned first (422 `file_rejected`, 503 `scanner_unavailable`). Counts against the per-IP submission rate limit. Put the id in " +
      "the question's answer; on submitting, each id must be this respondent's upload for this form and question, attached nowhere else (400). " +
      "Uploads no finished or partial response names are removed after 24 h.",
    params: uploadParams,
    query: uploadQuery,
    fileUpload: "multipart/form-data with exactly one part, named file",
    success: { status: 201, description: "Stored", schema: uploadResultSchema, headers: respondentCookie },
    errors: ["form_not_open", "form_closed", "form_full", "storage_quota_exceeded", "file_rejected", "rate_limited", "scanner_unavailable"],
  },
  {
    method: "GET", path: "/api/forms/{id}/responses/{responseId}/files/{fileId}", tag: "Responses", auth: "read", role: "viewer",
    summary: "Download a respondent's file",
    description: "The file's bytes, to the form's owner only: another owner's form, another form's or response's file, or an unknown id → 404. Always an attachment, sandboxed.",
    params: responseFileParams,
    success: { status: 200, description: "The bytes, with the sniffed Content-Type", mediaType: fileTypes, headers: sandboxed },
  },
  {
    method: "POST", path: "/api/forms/{id}/assets", tag: "Forms", auth: "write", role: "editor",
    summary: "Upload a form asset (image)",
    description:
      "An image for picture-choice options, a logo or a cover: PNG, JPEG, GIF, WebP or AVIF (sniffed from the bytes; never SVG), at most 5 MB, " +
      "counted in the form's UPLOAD_MAX_FORM_MB. Served at its `url`: public once the form is published, always readable by its owner.",
    params: formIdParams,
    fileUpload: "multipart/form-data with exactly one part, named file",
    success: { status: 201, description: "Stored", schema: assetResultSchema },
    errors: ["storage_quota_exceeded", "file_rejected", "scanner_unavailable"],
  },
  {
    method: "GET", path: "/api/assets/{assetId}", tag: "Forms", auth: "public",
    summary: "A form asset",
    description: "Public once its form is published; before that only its owner (session or API key) gets it, anyone else 404. Raster images only, `Content-Security-Policy: sandbox`, nosniff.",
    params: assetParams,
    success: { status: 200, description: "The image", mediaType: imageTypes, headers: { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox" } },
  },
];
