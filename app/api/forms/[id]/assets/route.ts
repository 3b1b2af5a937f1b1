import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { uploadAsset } from "@/lib/files/assets";
import { assetResultSchema } from "@/lib/files/schemas";
import { formIdParams } from "@/lib/forms/settings";

// An image for the form (picture-choice options, logo, cover): multipart, one part "file".
export const POST = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: formIdParams,
  status: 201,
  handler: ({ req, principal, params }) => uploadAsset(req, principal, params.id),
  doc: {
    tag: "Forms",
    summary: "Upload a form asset (image)",
    description:
      "An image for picture-choice options, a logo or a cover: PNG, JPEG, GIF, WebP or AVIF (sniffed from the bytes; never SVG), at most 5 MB, " +
      "counted in the form's UPLOAD_MAX_FORM_MB. Served at its `url`: public once the form is published, always readable by its owner.",
    fileUpload: "multipart/form-data with exactly one part, named file",
    success: { description: "Stored", schema: assetResultSchema },
    errors: ["storage_quota_exceeded", "file_rejected", "scanner_unavailable"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
