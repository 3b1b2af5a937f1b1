import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { downloadResponseFile } from "@/lib/files/download";
import { responseFileParams } from "@/lib/files/schemas";

// The bytes of a respondent's file, to the form's owner only (attachment, sandboxed).
export const GET = route({
  auth: "read",
  params: responseFileParams,
  handler: ({ principal, params }) => downloadResponseFile(principal.userId, params.id, params.responseId, params.fileId),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
