import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { downloadResponseFile } from "@/lib/files/download";
import { responseFileParams } from "@/lib/files/schemas";

// The bytes of a respondent's file, to the form's owner only (attachment, sandboxed).
export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: responseFileParams,
  handler: ({ principal, params }) => downloadResponseFile(principal, params.id, params.responseId, params.fileId),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
