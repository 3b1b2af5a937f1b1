import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { downloadResponseFile } from "@/lib/files/download";
import { responseFileParams } from "@/lib/files/schemas";

/** What a stored file can be served as (sniffed types; any other sniffed type is served as itself too). */
const fileTypes = [
  "application/octet-stream", "application/pdf", "text/plain", "text/csv", "text/tab-separated-values", "application/rtf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet", "application/vnd.oasis.opendocument.presentation", "application/epub+zip",
  "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/heic", "image/heif", "image/tiff", "image/bmp",
  "audio/mpeg", "audio/mp4", "audio/ogg", "audio/wav", "audio/webm", "audio/flac", "video/mp4", "video/quicktime", "video/webm", "video/ogg",
];
const sandboxed = {
  "Content-Disposition": "attachment; filename=\"…\"; filename*=UTF-8''…",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox",
};

// The bytes of a respondent's file, to the form's owner only (attachment, sandboxed).
export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: responseFileParams,
  handler: ({ principal, params }) => downloadResponseFile(principal, params.id, params.responseId, params.fileId),
  doc: {
    tag: "Responses",
    summary: "Download a respondent's file",
    description: "The file's bytes, to the form's owner only: another owner's form, another form's or response's file, or an unknown id → 404. Always an attachment, sandboxed.",
    success: { description: "The bytes, with the sniffed Content-Type", mediaType: fileTypes, headers: sandboxed },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
