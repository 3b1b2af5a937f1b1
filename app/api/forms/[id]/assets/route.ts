import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { uploadAsset } from "@/lib/files/assets";
import { formIdParams } from "@/lib/forms/settings";

// An image for the form (picture-choice options, logo, cover): multipart, one part "file".
export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  status: 201,
  handler: ({ req, principal, params }) => uploadAsset(req, principal, params.id),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
