/**
 * Answer-schema pieces of the file-holding types (file-upload, signature):
 * an answer names uploaded files by id (POST /api/public/forms/:slug/files).
 * zod/mini, browser-safe. Whether each id was really uploaded for this form,
 * question and respondent is checked by the server when the response is
 * written (lib/files/attach.ts), not here.
 */
import * as z from "zod/mini";
import type { Translate } from "@/lib/i18n/translator";

/** File ids are lib/ids.ts ids: 26 lowercase Crockford base32 characters. */
export const FILE_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{26}$/;
export const fileId = (t: Translate) => z.string().check(z.regex(FILE_ID_PATTERN, t("vFileId")));
