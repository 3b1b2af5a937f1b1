import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { uploadParams, uploadQuery } from "@/lib/files/schemas";
import { uploadRespondentFile } from "@/lib/files/upload";

// A respondent's file for a file-upload or signature question (multipart, one part "file"). No auth; bound to the fl_rid cookie.
export const POST = route({
  auth: "public",
  params: uploadParams,
  query: uploadQuery,
  handler: ({ req, params, query }) => uploadRespondentFile(req, params.slug, query.question),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
