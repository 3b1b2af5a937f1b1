import { z } from "zod";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { deleteResponse } from "@/lib/responses/delete";
import { getResponse, responseParams, responseSchema } from "@/lib/responses/list";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: responseParams,
  handler: ({ principal, params }) => getResponse(principal, params.id, params.responseId),
  doc: {
    tag: "Responses",
    summary: "Get one response",
    description: "A finished or partial response of the form.",
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
    description: "Deletes the response and its answers; a finished one frees its place under maxResponses.",
    success: { description: "Deleted" },
  },
});

export const { OPTIONS, POST, PUT, PATCH } = allowOnly({ GET, DELETE });
