import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { deleteResponse } from "@/lib/responses/delete";
import { getResponse, responseParams, responseSchema } from "@/lib/responses/list";
import { restoreResponse } from "@/lib/responses/spam-hold";

const updateResponseSchema = z
  .strictObject({
    spam: z.literal(false).describe("false: not spam. Restores a response held as suspected spam: it then counts like any finished response and notifies (response.finished)"),
  })
  .meta({ id: "UpdateResponse" });

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: responseParams,
  handler: ({ principal, params }) => getResponse(principal, params.id, params.responseId),
  doc: {
    tag: "Responses",
    summary: "Get one response",
    description: "A finished or partial response of the form, or one held as suspected spam (`spam.suspected`).",
    success: { description: "The response", schema: z.strictObject({ response: responseSchema }) },
  },
});

export const PATCH = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: responseParams,
  body: updateResponseSchema,
  handler: ({ principal, params }) => restoreResponse(principal, params.id, params.responseId),
  doc: {
    tag: "Responses",
    summary: "Restore a response held as suspected spam",
    description:
      "`{\"spam\": false}` restores a response held as suspected spam (finished sooner than the minimum fill time): in one step it " +
      "counts in the analytics and the response count, and the response.finished webhooks and emails go out, as if the submission had not " +
      "been held. It is not refused by maxResponses or the form's dates. On a response that is not held it changes nothing.",
    success: { description: "The response", schema: z.strictObject({ response: responseSchema }) },
  },
});

export const DELETE = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: responseParams,
  status: 204,
  handler: ({ principal, params }) => deleteResponse(principal, params.id, params.responseId),
  doc: {
    tag: "Responses",
    summary: "Delete one response",
    description: "Deletes the response and its answers; a finished one frees its place under maxResponses. Deleting one held as suspected spam sends no response.deleted event.",
    success: { description: "Deleted" },
  },
});

export const { OPTIONS, POST, PUT } = allowOnly({ GET, PATCH, DELETE });
