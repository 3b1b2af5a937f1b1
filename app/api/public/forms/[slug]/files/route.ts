import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { uploadParams, uploadQuery, uploadResultSchema } from "@/lib/files/schemas";
import { uploadRespondentFile } from "@/lib/files/upload";

const respondentCookie = { "Set-Cookie": "fl_rid=<random id>; the respondent's identity (set when missing): the same respondent must attach the file" };

// A respondent's file for a file-upload or signature question (multipart, one part "file"). No auth; bound to the fl_rid cookie.
export const POST = route({
  auth: "public",
  params: uploadParams,
  query: uploadQuery,
  status: 201,
  handler: ({ req, params, query }) => uploadRespondentFile(req, params.slug, query.question),
  doc: {
    tag: "Respondents",
    summary: "Upload a file for a file-upload or signature question",
    description:
      "Streamed to storage (never held whole in memory). The content type is sniffed from the bytes (magic numbers; text without one counts as " +
      "text/plain or, for a .csv/.tsv name, text/csv, unless it looks like markup); bytes that are not one of the question's `accept` types → 415 " +
      "(HTML and SVG never pass). Over the question's maxFileSizeMB (at most UPLOAD_MAX_FILE_MB) → 413 `payload_too_large`, cut off mid-stream " +
      "and nothing kept; past the form's UPLOAD_MAX_FORM_MB → 413 `storage_quota_exceeded`; past the budget of pending uploads (files no finished " +
      "response names: UPLOAD_PENDING_FORM_PERCENT of the quota for the form, UPLOAD_PENDING_ADDRESS_PERCENT for one client address) → 413 " +
      "`pending_uploads_exceeded`. Signatures: image/png, at most 1 MB. With CLAMAV_HOST " +
      "the file is scanned first (422 `file_rejected`, 503 `scanner_unavailable`). Counts against the per-IP submission rate limit. Put the id in " +
      "the question's answer; on submitting, each id must be this respondent's upload for this form and question, attached nowhere else (400). " +
      "Uploads no finished or partial response names are removed after UPLOAD_PENDING_MAX_AGE_MS (1 h).",
    fileUpload: "multipart/form-data with exactly one part, named file",
    success: { description: "Stored", schema: uploadResultSchema, headers: respondentCookie },
    errors: ["form_not_open", "form_closed", "form_full", "storage_quota_exceeded", "pending_uploads_exceeded", "file_rejected", "rate_limited", "scanner_unavailable"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
