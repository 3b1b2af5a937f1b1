/**
 * Parts of the success answers that several route files' `doc` share (one
 * home each, so equal answers stay equal in the OpenAPI document).
 */
import { z } from "zod";
import { deliverySchema, webhookWithSecretSchema } from "@/lib/webhooks/schemas";
import { workspaceSchema } from "@/lib/workspaces/schemas";
import { formDetailSchema } from "./owner-schemas";

/** A form as GET /api/forms/{id}, PATCH, publish, unpublish and duplicate answer it. */
export const formEnvelope = z.strictObject({ form: formDetailSchema });

export const workspaceEnvelope = z.strictObject({ workspace: workspaceSchema });

/** Creating a webhook or rotating its secret: the only answers that show the secret. */
export const webhookWithSecretEnvelope = z.strictObject({ webhook: webhookWithSecretSchema });

/** A delivery after an attempt made on request (retry, test ping). */
export const deliveryEnvelope = z.strictObject({ delivery: deliverySchema });

/** The respondent API's cookie (lib/responses/submit-http.ts). */
export const respondentCookie = { "Set-Cookie": "fl_rid=<random id>; the respondent's identity for one-per-person, views and resuming (set when missing)" };
