/** Request and answer shapes of the file endpoints (validation and the OpenAPI document). */
import { z } from "zod";
import { questionKeySchema } from "@/lib/question-types/key";

const id = z.string().min(1).max(64);
export const uploadParams = z.strictObject({ slug: z.string().min(1).max(200) });
export const uploadQuery = z.strictObject({ question: questionKeySchema.describe("The key of a file-upload or signature question") });
export const responseFileParams = z.strictObject({ id, responseId: id, fileId: id });
export const assetParams = z.strictObject({ assetId: id });

export const uploadedFileSchema = z
  .strictObject({
    id: z.string().describe("Put it in the question's answer (file-upload: a list of ids; signature: the id)"),
    name: z.string().describe("The file name as sent, sanitised (display only)"),
    size: z.int().describe("Bytes"),
    contentType: z.string().describe("Sniffed from the bytes (magic numbers)"),
  })
  .meta({ id: "UploadedFile" });
export const uploadResultSchema = z.strictObject({ file: uploadedFileSchema });

export const assetSchema = z
  .strictObject({
    id: z.string().describe("Use it as a picture-choice option's image"),
    url: z.string().describe("/api/assets/{id}: public once the form is published, always readable by its owner"),
    contentType: z.string(),
    size: z.int(),
  })
  .meta({ id: "Asset" });
export const assetResultSchema = z.strictObject({ asset: assetSchema });
